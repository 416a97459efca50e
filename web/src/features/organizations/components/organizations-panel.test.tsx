import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDS, organizationFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { OrganizationsPanel } from './organizations-panel';

describe('organisations panel', () => {
  it('lists each organisation with its subscription and active state', async () => {
    mockApi({ 'GET /api/organizations': { body: [organizationFixture()] } });
    renderWithProviders(<OrganizationsPanel onToggled={() => {}} onInvited={() => {}} />);
    const card = await screen.findByRole('article', { name: 'Hilton Baku' });
    expect(
      within(card).getByText('Basic · Sınaq · 21.08.2025 – 20.09.2025 · 49.99 AZN/ay'),
    ).toBeInTheDocument();
    expect(within(card).getAllByText('Aktiv').length).toBeGreaterThan(0);
    expect(within(card).getByRole('switch', { name: 'Hilton Baku: aktiv' })).toBeChecked();
  });

  it("the switch deactivates: PUT { isActive: false }, then 'Deaktiv'", async () => {
    const { calls } = mockApi({
      'GET /api/organizations': { body: [organizationFixture()] },
      [`PUT /api/organizations/${IDS.organization}`]: { body: organizationFixture({ isActive: false }) },
    });
    const onToggled = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<OrganizationsPanel onToggled={onToggled} onInvited={() => {}} />);
    await user.click(await screen.findByRole('switch', { name: 'Hilton Baku: aktiv' }));
    await waitFor(() => expect(onToggled).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ isActive: false });
    const card = screen.getByRole('article', { name: 'Hilton Baku' });
    expect(within(card).getAllByText('Deaktiv').length).toBeGreaterThan(0);
    expect(within(card).getByRole('switch', { name: 'Hilton Baku: aktiv' })).not.toBeChecked();
  });

  it('invites an admin by e-mail (pre-filled with the contact e-mail, §5 e-mail message)', async () => {
    const invitation = {
      id: IDS.invitation,
      organizationId: IDS.organization,
      email: 'admin@hilton.az',
      role: 'org_admin',
      status: 'issued',
      expiresAt: '2025-08-30T09:00:00.000Z',
      createdAt: '2025-08-23T09:00:00.000Z',
    };
    const { calls } = mockApi({
      'GET /api/organizations': { body: [organizationFixture()] },
      [`POST /api/organizations/${IDS.organization}/invitations`]: { status: 201, body: invitation },
    });
    const onInvited = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<OrganizationsPanel onToggled={() => {}} onInvited={onInvited} />);
    await user.click(await screen.findByRole('button', { name: 'Admin dəvət et' }));
    const dialog = screen.getByRole('dialog', { name: 'Admin dəvət et' });
    const email = within(dialog).getByLabelText(/^E-poçt/);
    expect(email).toHaveValue('nigar@hilton.az');
    await user.clear(email);
    await user.type(email, 'yanlış');
    await user.click(within(dialog).getByRole('button', { name: 'Dəvət göndər' }));
    expect(await within(dialog).findByText('Düzgün email ünvanı daxil edin')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'admin@hilton.az');
    await user.click(within(dialog).getByRole('button', { name: 'Dəvət göndər' }));
    await waitFor(() => expect(onInvited).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'admin@hilton.az' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
