import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
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
    expect(screen.getByRole('button', { name: /Elan yarat/ })).toHaveAttribute('aria-expanded', 'false');
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

  it('Escape closes the mobile menu and returns focus to its button', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: {} } });
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menyu' });
    await user.click(toggle);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobil naviqasiya' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('signed in: a bell with the unread count; a super admin gets the dashboards in the menu', async () => {
    mockApi({
      'GET /api/user': { body: { ...testUser, role: 'super_admin' } },
      'GET /api/notifications/unread-count': { body: { count: 3 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    expect(await screen.findByRole('button', { name: 'Bildirişlər: 3 oxunmamış' })).toBeInTheDocument();
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

const signedInAs = (role: 'user' | 'org_admin' | 'super_admin') => ({
  'GET /api/user': { body: { ...testUser, role } },
  'GET /api/notifications': { body: [] },
  'GET /api/notifications/unread-count': { body: { count: 0 } },
});

const DASHBOARDS = ['Super admin', 'Analitika', 'Təşkilat paneli'];
const choices = () => screen.queryByRole('list', { name: 'Hansı elanı yaradırsınız?' });

/** jsdom applies no media queries, so the header is the phone's: its menu holds links and actions. */
async function openMenu(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Menyu' }));
  return screen.getByRole('navigation', { name: 'Mobil naviqasiya' });
}

describe('header: no dead ends', () => {
  it("'Elan yarat' lets the user choose a lost or a found item", async () => {
    mockApi(signedInAs('user'));
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await openMenu(user);
    const create = await screen.findByRole('button', { name: 'Elan yarat' });
    expect(create).toHaveAttribute('aria-expanded', 'false');
    await user.click(create);
    expect(create).toHaveAttribute('aria-expanded', 'true');
    expect(within(choices()!).getByRole('link', { name: 'Əşyamı itirdim' })).toHaveAttribute(
      'href',
      '/create?type=lost',
    );
    expect(within(choices()!).getByRole('link', { name: 'Əşya tapdım' })).toHaveAttribute(
      'href',
      '/create?type=found',
    );

    // Escape closes it and gives focus back to the button.
    await user.keyboard('{Escape}');
    expect(choices()).not.toBeInTheDocument();
    expect(create).toHaveFocus();

    // A click elsewhere closes it too.
    await user.click(create);
    await user.click(document.body);
    expect(choices()).not.toBeInTheDocument();

    await user.click(create);
    await user.click(screen.getByRole('link', { name: 'Əşya tapdım' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/create?type=found'));
    expect(choices()).not.toBeInTheDocument();
  });

  it('a super admin sees links to both of their dashboards', async () => {
    mockApi(signedInAs('super_admin'));
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await screen.findByText(testUser.username);
    const nav = await openMenu(user);
    expect(within(nav).getByRole('link', { name: 'Super admin' })).toHaveAttribute('href', '/super-admin');
    expect(within(nav).getByRole('link', { name: 'Analitika' })).toHaveAttribute('href', '/admin');
    expect(within(nav).queryByRole('link', { name: 'Təşkilat paneli' })).not.toBeInTheDocument();
  });

  it("an org admin sees a link to the organisation's dashboard", async () => {
    mockApi(signedInAs('org_admin'));
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await screen.findByText(testUser.username);
    const nav = await openMenu(user);
    expect(within(nav).getByRole('link', { name: 'Təşkilat paneli' })).toHaveAttribute('href', '/org-admin');
    expect(within(nav).queryByRole('link', { name: 'Super admin' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Analitika' })).not.toBeInTheDocument();
  });

  it('a user and a visitor see no dashboard links', async () => {
    mockApi(signedInAs('user'));
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Header />);
    await screen.findByText(testUser.username);
    let nav = await openMenu(user);
    for (const name of DASHBOARDS) expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    unmount();

    mockApi({ 'GET /api/user': { status: 401, body: {} } });
    renderWithProviders(<Header />);
    await screen.findByRole('link', { name: 'Daxil ol' });
    nav = await openMenu(user);
    for (const name of DASHBOARDS) expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Elan yarat' })).not.toBeInTheDocument();
  });
});
