import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginForm } from '../../features/auth/components/login-form';
import { RegisterForm } from '../../features/auth/components/register-form';
import { mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { useLoginSuccess, useRegisterSuccess } from './use-auth-success';

/** The forms as the /auth page and the login modal use them. */
function AppLoginForm() {
  return <LoginForm onSuccess={useLoginSuccess()} />;
}
function AppRegisterForm() {
  return <RegisterForm onSuccess={useRegisterSuccess()} />;
}

async function logIn(username: string, { fakeTimers = false } = {}) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  await user.type(screen.getByLabelText('E-poçt və ya istifadəçi adı'), username);
  await user.type(screen.getByLabelText('Şifrə'), 'sirr12345');
  await user.click(screen.getByRole('button', { name: 'Daxil ol' }));
}

describe('what a successful login or registration does', () => {
  afterEach(() => jest.useRealTimers());

  it('login toasts the welcome', async () => {
    mockApi({ 'POST /api/login': { body: testUser } });
    renderWithProviders(<AppLoginForm />);
    await logIn('aysel');
    expect(await screen.findByText('Uğurla daxil oldunuz')).toBeInTheDocument();
    expect(screen.getByText('Xoş gəlmisiniz, aysel!')).toBeInTheDocument();
  });

  it.each([
    ['super_admin', '/super-admin'],
    ['org_admin', '/org-admin'],
  ] as const)('sends a %s to %s after 1000 ms', async (role, target) => {
    jest.useFakeTimers();
    mockApi({ 'POST /api/login': { body: { ...testUser, role } } });
    renderWithProviders(<AppLoginForm />, { route: '/' });
    await logIn('boss', { fakeTimers: true });
    await screen.findByText('Uğurla daxil oldunuz');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    act(() => jest.advanceTimersByTime(999));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(target));
  });

  it('a plain user stays where they are', async () => {
    jest.useFakeTimers();
    mockApi({ 'POST /api/login': { body: testUser } });
    renderWithProviders(<AppLoginForm />, { route: '/rewards' });
    await logIn('aysel', { fakeTimers: true });
    await screen.findByText('Uğurla daxil oldunuz');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByTestId('location')).toHaveTextContent('/rewards');
  });

  it('registration toasts the welcome', async () => {
    mockApi({ 'POST /api/register': { status: 201, body: { ...testUser, username: 'nigar' } } });
    const user = userEvent.setup();
    renderWithProviders(<AppRegisterForm />);
    await user.type(screen.getByLabelText(/^İstifadəçi adı/), 'nigar');
    await user.type(screen.getByLabelText(/^E-poçt/), 'nigar@example.az');
    await user.type(screen.getByLabelText(/^Şifrə\*?$/), 'sirr12345');
    await user.type(screen.getByLabelText(/^Şifrəni təsdiqləyin/), 'sirr12345');
    await user.click(screen.getByRole('button', { name: 'Qeydiyyatdan keç' }));
    expect(await screen.findByText('Qeydiyyat tamamlandı')).toBeInTheDocument();
    expect(screen.getByText('Xoş gəlmisiniz, nigar!')).toBeInTheDocument();
  });
});
