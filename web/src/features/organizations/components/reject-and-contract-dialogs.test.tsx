import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationFixture, IDS } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { RejectApplicationDialog } from './reject-application-dialog';
import { RequestContractDialog } from './request-contract-dialog';

const lists = { 'GET /api/applications': { body: [] }, 'GET /api/organizations': { body: [] } };

describe('reject dialog', () => {
  it("requires a reason: 'Rədd etmə səbəbi daxil edin'", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(
      <RejectApplicationDialog application={applicationFixture()} onClose={() => {}} onSuccess={() => {}} />,
    );
    await user.type(screen.getByLabelText(/^Rədd etmə səbəbi/), '   ');
    await user.click(screen.getByRole('button', { name: 'Rədd et' }));
    expect(await screen.findByText('Rədd etmə səbəbi daxil edin')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts the reason and calls onSuccess', async () => {
    const rejected = applicationFixture({ status: 'rejected', rejectionReason: 'Sənədlər çatışmır' });
    const { calls } = mockApi({
      [`POST /api/applications/${IDS.application}/reject`]: { body: rejected },
      ...lists,
    });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <RejectApplicationDialog application={applicationFixture()} onClose={() => {}} onSuccess={onSuccess} />,
    );
    await user.type(screen.getByLabelText(/^Rədd etmə səbəbi/), 'Sənədlər çatışmır');
    await user.click(screen.getByRole('button', { name: 'Rədd et' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(rejected));
    expect(calls[0]!.body).toEqual({ reason: 'Sənədlər çatışmır' });
  });

  it('a refusal toasts the server message', async () => {
    mockApi({
      [`POST /api/applications/${IDS.application}/reject`]: {
        status: 409,
        body: { message: 'Bu müraciətə artıq baxılıb' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <RejectApplicationDialog application={applicationFixture()} onClose={() => {}} onSuccess={() => {}} />,
    );
    await user.type(screen.getByLabelText(/^Rədd etmə səbəbi/), 'Təkrar');
    await user.click(screen.getByRole('button', { name: 'Rədd et' }));
    expect(
      within(await screen.findByTestId('toast')).getByText('Bu müraciətə artıq baxılıb'),
    ).toBeInTheDocument();
  });
});

describe('request-contract dialog', () => {
  it('moves the application to need_contract and calls onSuccess', async () => {
    const updated = applicationFixture({ status: 'need_contract' });
    const { calls } = mockApi({
      [`POST /api/applications/${IDS.application}/request-contract`]: { body: updated },
      ...lists,
    });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <RequestContractDialog application={applicationFixture()} onClose={() => {}} onSuccess={onSuccess} />,
    );
    await user.click(screen.getByRole('button', { name: 'Müqavilə tələb et' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(updated));
    expect(calls[0]!.method).toBe('POST');
  });

  it('a refusal toasts the server message', async () => {
    mockApi({
      [`POST /api/applications/${IDS.application}/request-contract`]: {
        status: 409,
        body: { message: 'Müqavilə yalnız gözləmədə olan müraciət üçün tələb oluna bilər' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <RequestContractDialog application={applicationFixture()} onClose={() => {}} onSuccess={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Müqavilə tələb et' }));
    expect(
      within(await screen.findByTestId('toast')).getByText(
        'Müqavilə yalnız gözləmədə olan müraciət üçün tələb oluna bilər',
      ),
    ).toBeInTheDocument();
  });
});
