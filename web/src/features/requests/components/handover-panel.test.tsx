import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HANDOVER_MESSAGES, HANDOVER_WARNING, type Handover } from '@tapinti/contracts/requests-api';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { HandoverPanel } from './handover-panel';

const requestId = '2b1f0e5c-3c1d-4e8f-9a0b-6c7d8e9f0a1b';
const handover = (fields: Partial<Handover> = {}): Handover => ({
  requestId,
  announcementId: '0c6f3f4e-8d2a-4b7e-9a51-3f1d2c4b5a69',
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

describe('the hand-over panel of a claim', () => {
  it('warns both sides before a claim is resolved and offers the pickup points as meeting places', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<HandoverPanel request={{ id: requestId, status: 'pending' }} />);
    // No hand-over before the claim is resolved_claimed: nothing is asked.
    expect(calls).toHaveLength(0);
    expect(screen.getByText(HANDOVER_WARNING)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'rəsmi təhvil məntəqələrindən' })).toHaveAttribute(
      'href',
      '/pickup-points',
    );
  });

  it('shows the owner their code, and never to anyone else', async () => {
    mockApi({ 'GET /api/requests/handovers': { body: [handover()] } });
    renderWithProviders(<HandoverPanel request={{ id: requestId, status: 'resolved_claimed' }} />);
    expect(await screen.findByLabelText('Təhvil kodunuz')).toHaveTextContent('042917');
    expect(screen.getByText(HANDOVER_WARNING)).toBeInTheDocument();
  });

  it('lets the finder enter the code: a wrong one shows the tries left, the right one confirms', async () => {
    let attempts = 0;
    const { calls } = mockApi({
      'GET /api/requests/handovers': { body: [handover({ role: 'finder', code: null })] },
      [`POST /api/requests/${requestId}/handover`]: () =>
        ++attempts === 1
          ? { status: 400, body: { message: HANDOVER_MESSAGES.wrongCode(4), field: 'code' } }
          : { body: handover({ role: 'finder', code: null, state: 'handed_over' }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<HandoverPanel request={{ id: requestId, status: 'resolved_claimed' }} />);
    const input = await screen.findByLabelText('Təhvil kodu');
    expect(screen.queryByLabelText('Təhvil kodunuz')).not.toBeInTheDocument();
    await user.type(input, '111111');
    await user.click(screen.getByRole('button', { name: 'Təhvili təsdiqlə' }));
    expect(await screen.findByText(HANDOVER_MESSAGES.wrongCode(4))).toBeInTheDocument();
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
      'GET /api/requests/handovers': { body: [handover({ state: 'locked', code: null, attemptsLeft: 0 })] },
    });
    renderWithProviders(<HandoverPanel request={{ id: requestId, status: 'resolved_claimed' }} />);
    expect(await screen.findByText(/Kilidi yalnız super admin aça bilər/)).toBeInTheDocument();
  });
});
