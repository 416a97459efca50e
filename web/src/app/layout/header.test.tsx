import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { Header } from './header';

describe('header', () => {
  it('signed out: a login button, no greeting', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: {} } });
    renderWithProviders(<Header />);
    expect(await screen.findByRole('link', { name: 'Daxil ol' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByText(/Salam/)).not.toBeInTheDocument();
  });

  // jsdom applies no media queries, so the header is laid out as on a phone: the signed-in
  // actions sit in the menu.
  it('signed in: create, profile, greeting with the username and logout', async () => {
    mockApi({ 'GET /api/user': { body: testUser } });
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Menyu' }));
    const menu = () => within(document.getElementById('mobile-menu')!);
    expect(await menu().findByText('aysel')).toBeInTheDocument();
    expect(menu().getByText(/Salam,/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Elan yarat/ })).toHaveAttribute('href', '/create?type=lost');
    expect(screen.getByRole('link', { name: /Profil/ })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Çıxış' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Mobil naviqasiya' });
    for (const name of ['Elanlar', 'Mükafatlar', 'Təhvil məntəqələri', 'Təşəkkür divarı', 'Dəstək'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
  });

  it('logout toasts "Çıxış edildi" / "Təhlükəsiz şəkildə çıxış etdiniz" and shows the login button', async () => {
    const { calls } = mockApi({ 'GET /api/user': { body: testUser }, 'POST /api/logout': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<Header />, { route: '/rewards' });
    await user.click(screen.getByRole('button', { name: 'Menyu' }));
    await user.click(await screen.findByRole('button', { name: 'Çıxış' }));
    expect(await screen.findByText('Çıxış edildi')).toBeInTheDocument();
    expect(screen.getByText('Təhlükəsiz şəkildə çıxış etdiniz')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Daxil ol' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/logout')).toMatchObject({
      method: 'POST',
      credentials: 'include',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('a failed logout toasts "Çıxış zamanı xəta" with the error and keeps the user', async () => {
    mockApi({ 'GET /api/user': { body: testUser }, 'POST /api/logout': { status: 500, text: '' } });
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Menyu' }));
    await user.click(await screen.findByRole('button', { name: 'Çıxış' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Çıxış zamanı xəta')).toBeInTheDocument();
    expect(within(toast).getByText('500: Internal Server Error')).toBeInTheDocument();
    expect(screen.getAllByText('aysel').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Çıxış' })).toBeInTheDocument();
  });

  it('the menu button opens the navigation on small screens', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: {} } });
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menyu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Mobil naviqasiya' })).toBeInTheDocument();
  });

  it('signed in: a bell with the unread count; a super admin gets the dashboards in the menu', async () => {
    mockApi({
      'GET /api/user': { body: { ...testUser, role: 'super_admin' } },
      'GET /api/notifications/unread-count': { body: { count: 3 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    expect(await screen.findByRole('button', { name: 'Bildirişlər (3 oxunmamış)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menyu' }));
    const nav = screen.getByRole('navigation', { name: 'Mobil naviqasiya' });
    expect(within(nav).getByRole('link', { name: 'Super admin' })).toHaveAttribute('href', '/super-admin');
    expect(within(nav).getByRole('link', { name: 'Analitika' })).toHaveAttribute('href', '/admin');
  });

  it('a visitor has no bell', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: {} } });
    renderWithProviders(<Header />);
    await screen.findByRole('link', { name: 'Daxil ol' });
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
  });
});
