import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import AcceptInvitationPage from './accept-invitation';

const invitation = {
  organizationName: 'Hilton Baku',
  email: 'nigar@hilton.az',
  expiresAt: '2025-08-30T09:00:00.000Z',
};
const signedOut = { 'GET /api/user': { status: 401, body: { message: 'Giriş tələb olunur' } } };
const route = '/accept-invitation?token=t.1.sig';

describe('/accept-invitation page', () => {
  it('shows the organisation and the e-mail, and a signed-out invitee the account form', async () => {
    mockApi({ ...signedOut, 'GET /api/invitations/t.1.sig': { body: invitation } });
    renderWithProviders(<AcceptInvitationPage />, { route });
    expect(await screen.findByRole('heading', { name: 'Hilton Baku' })).toBeInTheDocument();
    expect(screen.getAllByText('nigar@hilton.az').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Hesab yarat və dəvəti qəbul et' })).toBeInTheDocument();
  });

  it('signed in with the invited e-mail: one button, then /org-admin', async () => {
    mockApi({
      'GET /api/user': { body: { ...testUser, email: 'Nigar@hilton.az' } },
      'GET /api/invitations/t.1.sig': { body: invitation },
      'POST /api/invitations/accept': {
        status: 201,
        body: { ...testUser, role: 'org_admin', organizationId: '33333333-3333-4333-8333-333333333333' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AcceptInvitationPage />, { route });
    await user.click(await screen.findByRole('button', { name: 'Dəvəti qəbul et' }));
    expect(await screen.findByText('Dəvət qəbul edildi')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/org-admin$/));
  });

  it('signed in with another e-mail: says so and offers to sign out', async () => {
    mockApi({ 'GET /api/user': { body: testUser }, 'GET /api/invitations/t.1.sig': { body: invitation } });
    renderWithProviders(<AcceptInvitationPage />, { route });
    expect(
      await screen.findByText(
        'Bu dəvət başqa e-poçt ünvanına göndərilib. Hesabdan çıxın və dəvəti həmin ünvanla qəbul edin',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hesabdan çıx' })).toBeInTheDocument();
  });

  it.each([
    [404, 'Dəvət tapılmadı', 'Dəvət tapılmadı və ya link yanlışdır'],
    [410, 'Dəvət etibarsızdır', 'Dəvətin müddəti bitib. Təşkilatınızdan yeni dəvət istəyin'],
  ])('a %s token gets a clear page', async (status, title, message) => {
    mockApi({ ...signedOut, 'GET /api/invitations/t.1.sig': { status, body: { message } } });
    renderWithProviders(<AcceptInvitationPage />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana səhifəyə qayıt' })).toHaveAttribute('href', '/');
  });

  it('no token at all: the unknown-invitation page', async () => {
    mockApi(signedOut);
    renderWithProviders(<AcceptInvitationPage />, { route: '/accept-invitation' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dəvət tapılmadı' })).toBeInTheDocument();
  });
});
