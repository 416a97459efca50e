import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handledRequestFixture, IDS } from '../../../test/fixtures';
import { announcement, mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { HandledRequestList } from './request-cards';
import { UpdateStatusDialog } from './update-status-dialog';

const statusSelect = () => screen.getByLabelText(/^Yeni status/, { selector: 'select' });

describe('update-status dialog', () => {
  it('offers contacted, resolved_claimed and resolved_rejected for a pending request, and requires one', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(
      <UpdateStatusDialog request={handledRequestFixture()} onClose={() => {}} onSuccess={() => {}} />,
    );
    expect(
      within(statusSelect())
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['', 'contacted', 'resolved_claimed', 'resolved_rejected']);
    await user.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Sorğunun yeni statusunu seçin')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('a contacted request can only be resolved', () => {
    mockApi({});
    renderWithProviders(
      <UpdateStatusDialog
        request={handledRequestFixture({ status: 'contacted' })}
        onClose={() => {}}
        onSuccess={() => {}}
      />,
    );
    expect(
      within(statusSelect())
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['', 'resolved_claimed', 'resolved_rejected']);
  });

  it('puts the status and calls onSuccess', async () => {
    const updated = handledRequestFixture({ status: 'contacted' });
    const { calls } = mockApi({ [`PUT /api/requests/${IDS.request}`]: { body: updated } });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <UpdateStatusDialog request={handledRequestFixture()} onClose={() => {}} onSuccess={onSuccess} />,
    );
    await user.selectOptions(statusSelect(), 'contacted');
    await user.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(updated));
    expect(calls[0]!.body).toEqual({ status: 'contacted' });
  });

  it('a refusal toasts the server message', async () => {
    mockApi({
      [`PUT /api/requests/${IDS.request}`]: {
        status: 409,
        body: { message: 'Bu sorğu artıq həll olunub, statusu dəyişdirilə bilməz' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <UpdateStatusDialog request={handledRequestFixture()} onClose={() => {}} onSuccess={() => {}} />,
    );
    await user.selectOptions(statusSelect(), 'resolved_rejected');
    await user.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(
      within(await screen.findByTestId('toast')).getByText(
        'Bu sorğu artıq həll olunub, statusu dəyişdirilə bilməz',
      ),
    ).toBeInTheDocument();
  });
});

describe('a request as its handler sees it', () => {
  it('shows the item, room, claimant, contact, message and the answers; resolved ones have no button', () => {
    mockApi({});
    renderWithProviders(
      <HandledRequestList
        state={{
          data: [
            handledRequestFixture(),
            handledRequestFixture({
              id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
              status: 'resolved_claimed',
              username: 'leyla',
            }),
          ],
          isLoading: false,
          mutate: () => undefined,
        }}
        empty={null}
        onUpdated={() => {}}
      />,
    );
    const [open, resolved] = screen.getAllByTestId('request');
    expect(within(open!).getByText('Qara iPhone tapıldı')).toBeInTheDocument();
    expect(within(open!).getByText('Otaq 204')).toBeInTheDocument();
    expect(within(open!).getByText('kamran')).toBeInTheDocument();
    expect(within(open!).getByText('Telefon: +994501112233')).toBeInTheDocument();
    expect(within(open!).getByText('311')).toBeInTheDocument();
    expect(within(open!).getByText('Dünən lobbidə unutmuşam')).toBeInTheDocument();
    expect(within(open!).getByText('Arxa örtük hansı rəngdədir?')).toBeInTheDocument();
    expect(within(open!).getByText(/Bənövşəyi/)).toBeInTheDocument();
    expect(within(open!).getByRole('button', { name: 'Statusu yenilə' })).toBeInTheDocument();
    expect(within(resolved!).getByText('Qəbul edildi: təhvil gözlənilir')).toBeInTheDocument();
    expect(within(resolved!).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the author's expected answer next to the claimant's", async () => {
    mockApi({
      [`GET /api/announcements/${IDS.announcement}`]: {
        body: {
          ...announcement({ id: IDS.announcement, type: 'found' }),
          contactInfo: null,
          userId: IDS.admin,
          isPublic: true,
          isActive: true,
          securityQuestions: [{ question: 'Arxa örtük hansı rəngdədir?', expectedAnswer: 'Bənövşəyi' }],
        },
      },
    });
    renderWithProviders(
      <HandledRequestList
        state={{ data: [handledRequestFixture()], isLoading: false, mutate: () => undefined }}
        empty={null}
        onUpdated={() => {}}
      />,
    );
    expect(await screen.findByText('Gözlənilən cavab: Bənövşəyi')).toBeInTheDocument();
  });
});
