import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationFixture, IDS, organizationFixture } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import SuperAdminPage from './super-admin';

const other = '12121212-1212-4212-8212-121212121212';

describe('/super-admin page', () => {
  it('tabs show the pending count and the organisation count; open applications show their actions', async () => {
    mockApi({
      'GET /api/applications': {
        body: [
          applicationFixture(),
          applicationFixture({
            id: other,
            organizationName: 'Port Baku',
            status: 'rejected',
            rejectionReason: 'Yox',
          }),
        ],
      },
      'GET /api/organizations': { body: [organizationFixture()] },
    });
    renderWithProviders(<SuperAdminPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Super admin paneli' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Müraciətlər (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Təşkilatlar (1)' })).toBeInTheDocument();
    const open = await screen.findByRole('article', { name: 'Hilton Baku' });
    expect(within(open).getByRole('button', { name: 'Təsdiqlə' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Rədd et' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Müqavilə tələb et' })).toBeInTheDocument();
    const reviewed = screen.getByRole('article', { name: 'Port Baku' });
    expect(within(reviewed).queryByRole('button')).not.toBeInTheDocument();
    expect(within(reviewed).getByText('Yox')).toBeInTheDocument();
  });

  it("approving toasts 'Müraciət təsdiq edildi və təşkilat yaradıldı'", async () => {
    mockApi({
      'GET /api/applications': { body: [applicationFixture()] },
      'GET /api/organizations': { body: [] },
      [`POST /api/applications/${IDS.application}/approve`]: {
        body: {
          application: applicationFixture({ status: 'approved', organizationId: IDS.organization }),
          organization: organizationFixture(),
          subscription: {
            id: IDS.subscription,
            organizationId: IDS.organization,
            plan: 'basic',
            status: 'trial',
            startDate: '2025-08-21',
            endDate: '2025-09-20',
            monthlyPrice: 49.99,
            features: {},
            createdAt: '2025-08-21T09:00:00.000Z',
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SuperAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Təsdiqlə' }));
    const dialog = screen.getByRole('dialog', { name: 'Müraciəti təsdiqlə' });
    await user.click(within(dialog).getByRole('button', { name: 'Təsdiqlə' }));
    expect(await screen.findByText('Müraciət təsdiq edildi və təşkilat yaradıldı')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("rejecting toasts 'Müraciət rədd edildi'", async () => {
    mockApi({
      'GET /api/applications': { body: [applicationFixture()] },
      'GET /api/organizations': { body: [] },
      [`POST /api/applications/${IDS.application}/reject`]: {
        body: applicationFixture({ status: 'rejected', rejectionReason: 'Sənəd yoxdur' }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SuperAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Rədd et' }));
    const dialog = screen.getByRole('dialog', { name: 'Müraciəti rədd et' });
    await user.type(within(dialog).getByLabelText(/^Rədd etmə səbəbi/), 'Sənəd yoxdur');
    await user.click(within(dialog).getByRole('button', { name: 'Rədd et' }));
    expect(await screen.findByText('Müraciət rədd edildi')).toBeInTheDocument();
  });

  it('the organisations tab lists organisations', async () => {
    mockApi({
      'GET /api/applications': { body: [] },
      'GET /api/organizations': { body: [organizationFixture({ isActive: false })] },
    });
    const user = userEvent.setup();
    renderWithProviders(<SuperAdminPage />);
    await user.click(await screen.findByRole('tab', { name: 'Təşkilatlar (1)' }));
    const card = await screen.findByRole('article', { name: 'Hilton Baku' });
    expect(within(card).getAllByText('Deaktiv').length).toBeGreaterThan(0);
  });
});
