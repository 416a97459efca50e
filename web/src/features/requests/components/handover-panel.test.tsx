import { fillMessage } from '@tapinti/contracts/message-template';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HANDOVER_MESSAGES, HANDOVER_WARNING, type Handover } from '@tapinti/contracts/requests-api';
import { mockApi, myAnnouncement } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { HandoverPanel } from './handover-panel';

const requestId = '2b1f0e5c-3c1d-4e8f-9a0b-6c7d8e9f0a1b';
const announcementId = '0c6f3f4e-8d2a-4b7e-9a51-3f1d2c4b5a69';
const handover = (fields: Partial<Handover> = {}): Handover => ({
  requestId,
  announcementId,
  organizationId: null,
  role: 'owner',
  state: 'awaiting',
  code: '042917',
  failedAttempts: 0,
  attemptsLeft: 5,
  issuedAt: '2025-08-25T10:00:00.000Z',
  handedOverAt: null,
  announcement: { title: 'Qara telefon tapılıb', type: 'found', roomNumber: null, status: 'resolved' },
  ...fields,
});

/** The claimed item's details: the warning about paying is for an item with a reward. */
const item = (rewardAmount: number) => ({
  [`GET /api/announcements/${announcementId}`]: {
    body: myAnnouncement({ id: announcementId, rewardAmount }),
  },
});
const claim = (status: 'pending' | 'resolved_claimed') => ({ id: requestId, status, announcementId });

describe('the hand-over panel of a claim', () => {
  it('warns both sides of a rewarded item before a claim is resolved and offers the pickup points as meeting places', async () => {
    const { calls } = mockApi(item(50));
    renderWithProviders(<HandoverPanel request={claim('pending')} />);
    expect(await screen.findByText(HANDOVER_WARNING)).toBeInTheDocument();
    // No hand-over before the claim is resolved_claimed: only the item's details are read.
    expect(calls.map((c) => c.url)).toEqual([`/api/announcements/${announcementId}`]);
    expect(screen.getByRole('link', { name: 'rəsmi təhvil məntəqələrindən' })).toHaveAttribute(
      'href',
      '/pickup-points',
    );
  });

  it('says nothing about paying when the item carries no reward', async () => {
    mockApi({ ...item(0), 'GET /api/requests/handovers': { body: [handover()] } });
    renderWithProviders(<HandoverPanel request={claim('resolved_claimed')} />);
    expect(await screen.findByLabelText('Təhvil kodunuz')).toHaveTextContent('042917');
    await waitFor(() => expect(screen.queryByText(HANDOVER_WARNING)).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'rəsmi təhvil məntəqələrindən' })).toBeInTheDocument();
  });

  it('shows the owner their code, and never to anyone else', async () => {
    mockApi({ ...item(50), 'GET /api/requests/handovers': { body: [handover()] } });
    renderWithProviders(<HandoverPanel request={claim('resolved_claimed')} />);
    expect(await screen.findByLabelText('Təhvil kodunuz')).toHaveTextContent('042917');
    expect(await screen.findByText(HANDOVER_WARNING)).toBeInTheDocument();
  });

  it('lets the finder enter the code: a wrong one shows the tries left, the right one confirms', async () => {
    let attempts = 0;
    const { calls } = mockApi({
      ...item(50),
      'GET /api/requests/handovers': { body: [handover({ role: 'finder', code: null })] },
      [`POST /api/requests/${requestId}/handover`]: () =>
        ++attempts === 1
          ? {
              status: 400,
              body: { message: fillMessage(HANDOVER_MESSAGES.wrongCode, { left: 4 }), field: 'code' },
            }
          : { body: handover({ role: 'finder', code: null, state: 'handed_over' }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<HandoverPanel request={claim('resolved_claimed')} />);
    const input = await screen.findByLabelText('Təhvil kodu');
    expect(screen.queryByLabelText('Təhvil kodunuz')).not.toBeInTheDocument();
    await user.type(input, '111111');
    await user.click(screen.getByRole('button', { name: 'Təhvili təsdiqlə' }));
    expect(
      await screen.findByText(fillMessage(HANDOVER_MESSAGES.wrongCode, { left: 4 })),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '042917');
    await user.click(screen.getByRole('button', { name: 'Təhvili təsdiqlə' }));
    expect(await screen.findByText('Təhvil təsdiqləndi')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { code: '111111' },
        { code: '042917' },
      ]),
    );
  });

  it('says who unlocks a locked hand-over', async () => {
    mockApi({
      ...item(50),
      'GET /api/requests/handovers': { body: [handover({ state: 'locked', code: null, attemptsLeft: 0 })] },
    });
    renderWithProviders(<HandoverPanel request={claim('resolved_claimed')} />);
    expect(await screen.findByText(/Kilidi yalnız super admin aça bilər/)).toBeInTheDocument();
  });
});
