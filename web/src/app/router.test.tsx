import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../test/mock-api';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './router';

const signedOut = { 'GET /api/user': { status: 401, body: { message: 'Giriş tələb olunur' } } };
const signedInAs = (role: 'user' | 'org_admin' | 'super_admin', extra: Record<string, unknown> = {}) => ({
  'GET /api/user': { body: { ...testUser, role, ...extra } },
});

describe('routes and the route guard', () => {
  it('shows a spinner while the user loads', async () => {
    let release!: () => void;
    mockApi({
      'GET /api/user': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 401, body: {} });
        }),
    });
    renderWithProviders(<AppRoutes />, { route: '/profile' });
    expect(await screen.findByRole('status', { name: 'Yüklənir...' })).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
  });

  it.each(['/create?type=lost', '/profile', '/super-admin', '/admin', '/org-admin'])(
    'sends a visitor from %s to /auth',
    async (route) => {
      mockApi(signedOut);
      renderWithProviders(<AppRoutes />, { route });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
      expect(await screen.findByRole('tab', { name: 'Daxil ol' })).toBeInTheDocument();
    },
  );

  it.each([
    ['user', '/super-admin'],
    ['user', '/admin'],
    ['user', '/org-admin'],
    ['org_admin', '/super-admin'],
    ['super_admin', '/org-admin'],
  ] as const)('a %s on %s sees "Giriş icazəniz yoxdur"', async (role, route) => {
    mockApi(signedInAs(role));
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { name: 'Giriş icazəniz yoxdur' })).toBeInTheDocument();
    expect(screen.getByText('Bu səhifəyə giriş üçün icazəniz yoxdur.')).toBeInTheDocument();
  });

  it('lets a super_admin into /super-admin and /admin', async () => {
    mockApi(signedInAs('super_admin'));
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/super-admin' });
    expect(await screen.findByRole('heading', { name: 'Super admin paneli' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<AppRoutes />, { route: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Analitika paneli' })).toBeInTheDocument();
  });

  it('an org_admin without an organisation sees "Təşkilat məlumatı tapılmadı"', async () => {
    mockApi(signedInAs('org_admin'));
    renderWithProviders(<AppRoutes />, { route: '/org-admin' });
    expect(await screen.findByText('Təşkilat məlumatı tapılmadı')).toBeInTheDocument();
  });

  it('an unknown path shows the English 404 page', async () => {
    mockApi(signedOut);
    renderWithProviders(<AppRoutes />, { route: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('/create-announcement (linked from the rewards empty state) opens the create page for a lost item', async () => {
    mockApi(signedInAs('user'));
    renderWithProviders(<AppRoutes />, { route: '/create-announcement' });
    expect(await screen.findByRole('heading', { name: 'İtirilmiş əşya elanı' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/create\?type=lost$/);
  });

  it('/create-announcement sends a visitor to /auth like /create does', async () => {
    mockApi(signedOut);
    renderWithProviders(<AppRoutes />, { route: '/create-announcement' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });

  it('a signed-in user on /auth is sent to /', async () => {
    mockApi({ ...signedInAs('user'), 'GET /api/announcements': { body: [] } });
    renderWithProviders(<AppRoutes />, { route: '/auth' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('/auth has the two tabs; ?tab=register opens registration', async () => {
    mockApi(signedOut);
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/auth' });
    const login = await screen.findByRole('tab', { name: 'Daxil ol' });
    expect(login).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Qeydiyyat' }));
    expect(screen.getByRole('button', { name: 'Qeydiyyatdan keç' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth?tab=register');
  });

  it('/create: heading and subtitle follow the type, with a back button to /', async () => {
    mockApi(signedInAs('user'));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/create?type=found' });
    expect(await screen.findByRole('heading', { name: 'Tapılmış əşya elanı' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana səhifəyə qayıt' })).toHaveAttribute('href', '/');
    await user.selectOptions(screen.getByLabelText(/^Elanın növü/, { selector: 'select' }), 'lost');
    expect(await screen.findByRole('heading', { name: 'İtirilmiş əşya elanı' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/create?type=lost');
  });

  it('/profile: my announcements, empty, link to /create?type=lost', async () => {
    mockApi({ ...signedInAs('user'), 'GET /api/announcements/my': { body: [] } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/profile' });
    expect(await screen.findByRole('tab', { name: 'Profil məlumatları' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText(/^İstifadəçi adı/)).toHaveValue('aysel');
    await user.click(screen.getByRole('tab', { name: 'Mənim elanlarım' }));
    expect(await screen.findByText('Hələ heç bir elanınız yoxdur.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'İlk elanınızı yaradın' })).toHaveAttribute(
      'href',
      '/create?type=lost',
    );
  });

  it.each([
    ['/pickup-points', 'Təhvil məntəqələri'],
    ['/thank-you-wall', 'Təşəkkür divarı'],
    ['/support', 'Dəstək'],
    ['/about', 'Haqqımızda'],
    ['/terms', 'İstifadə şərtləri'],
    ['/privacy', 'Məxfilik siyasəti'],
    ['/help-center', 'Yardım mərkəzi'],
    ['/complaints', 'Şikayətlər'],
    ['/apply-organization', 'Təşkilat kimi qoşulun'],
  ])('%s is a public page titled "%s"', async (route, title) => {
    mockApi(signedOut);
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});
