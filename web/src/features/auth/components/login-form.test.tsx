import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('login form', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the spec §5 messages for empty fields and sends nothing', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Daxil ol' }));
    expect(await screen.findByText('İstifadəçi adı və ya e-poçt tələb olunur')).toBeInTheDocument();
    expect(screen.getByText('Şifrə tələb olunur')).toBeInTheDocument();
    expect(screen.getByLabelText('E-poçt və ya istifadəçi adı')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('disables the button with a spinner while pending, then hands the user to onSuccess', async () => {
    const reply = deferred<{ body: unknown }>();
    const { calls } = mockApi({ 'POST /api/login': () => reply.promise });
    const user = userEvent.setup();
    const onSuccess = jest.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('E-poçt və ya istifadəçi adı'), 'aysel');
    await user.type(screen.getByLabelText('Şifrə'), 'sirr12345');
    await user.click(screen.getByRole('button', { name: 'Daxil ol' }));

    const pending = await screen.findByRole('button', { name: 'Daxil olunur...' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(calls[0]).toMatchObject({ url: '/api/login', body: { username: 'aysel', password: 'sirr12345' } });

    await act(async () => reply.resolve({ body: testUser }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(testUser));
    // The welcome toast is the caller's (app/hooks/use-auth-success.test.tsx).
    expect(screen.queryByText('Uğurla daxil oldunuz')).not.toBeInTheDocument();
  });

  it('a failed login toasts "Giriş uğursuz oldu" with the fixed message', async () => {
    mockApi({
      'POST /api/login': { status: 401, body: { message: 'İstifadəçi adı və ya şifrə yanlışdır' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('E-poçt və ya istifadəçi adı'), 'aysel');
    await user.type(screen.getByLabelText('Şifrə'), 'yanlis-sifre');
    await user.click(screen.getByRole('button', { name: 'Daxil ol' }));
    expect(await screen.findByText('Giriş uğursuz oldu')).toBeInTheDocument();
    expect(screen.getByText('İstifadəçi adı və ya şifrə yanlışdır')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Daxil ol' })).toBeEnabled();
  });

  it('a throttled login says so', async () => {
    const message = 'Çox sayda uğursuz cəhd edildi. Bir neçə dəqiqədən sonra yenidən cəhd edin';
    mockApi({ 'POST /api/login': { status: 429, body: { message } } });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('E-poçt və ya istifadəçi adı'), 'aysel');
    await user.type(screen.getByLabelText('Şifrə'), 'x');
    await user.click(screen.getByRole('button', { name: 'Daxil ol' }));
    expect(await screen.findByText('Giriş uğursuz oldu')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('navigates nowhere by itself, even for an admin (the caller redirects)', async () => {
    jest.useFakeTimers();
    mockApi({ 'POST /api/login': { body: { ...testUser, role: 'super_admin' } } });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSuccess = jest.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />, { route: '/rewards' });
    await user.type(screen.getByLabelText('E-poçt və ya istifadəçi adı'), 'boss');
    await user.type(screen.getByLabelText('Şifrə'), 'sirr12345');
    await user.click(screen.getByRole('button', { name: 'Daxil ol' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByTestId('location')).toHaveTextContent('/rewards');
  });
});
