import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import ForgotPasswordPage from './forgot-password';
import ResetPasswordPage from './reset-password';
import VerifyEmailPage from './verify-email';

const signedOut = { 'GET /api/user': { status: 401, body: { message: 'Giriş tələb olunur' } } };

describe('password reset and e-mail verification pages', () => {
  it('/forgot-password sends the e-mail and shows the same answer for any address', async () => {
    const { calls } = mockApi({
      ...signedOut,
      'POST /api/password-reset/request': { status: 202, body: { message: AUTH_MESSAGES.resetRequested } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(screen.getByLabelText('E-poçt'), 'leyla@example.az');
    await user.click(screen.getByRole('button', { name: 'Bərpa linkini göndər' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetRequested)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'leyla@example.az' });
  });

  it('/reset-password sets the new password with the token, then offers to sign in', async () => {
    const { calls } = mockApi({ ...signedOut, 'POST /api/password-reset/confirm': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abc.1.sig' });
    await user.type(screen.getByLabelText('Yeni şifrə'), 'Yeni-Parol-2468');
    await user.type(screen.getByLabelText('Yeni şifrəni təsdiqləyin'), 'Yeni-Parol-2468');
    await user.click(screen.getByRole('button', { name: 'Şifrəni dəyiş' }));
    expect(await screen.findByText(/Şifrəniz dəyişdirildi/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Daxil ol' })).toHaveAttribute('href', '/auth');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      token: 'abc.1.sig',
      password: 'Yeni-Parol-2468',
      confirmPassword: 'Yeni-Parol-2468',
    });
  });

  it('/reset-password with a used link says so and offers a new one', async () => {
    mockApi({
      ...signedOut,
      'POST /api/password-reset/confirm': { status: 410, body: { message: AUTH_MESSAGES.resetLinkUsed } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abc.1.sig' });
    await user.type(screen.getByLabelText('Yeni şifrə'), 'Yeni-Parol-2468');
    await user.type(screen.getByLabelText('Yeni şifrəni təsdiqləyin'), 'Yeni-Parol-2468');
    await user.click(screen.getByRole('button', { name: 'Şifrəni dəyiş' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetLinkUsed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yeni link istə' })).toHaveAttribute('href', '/forgot-password');
  });

  it('/verify-email follows the link once and says how it went', async () => {
    const { calls } = mockApi({ ...signedOut, 'POST /api/verify-email': { status: 204 } });
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email?token=abc.1.sig' });
    expect(await screen.findByText('E-poçt ünvanınız təsdiqləndi.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('/verify-email with an expired link shows the server message', async () => {
    mockApi({
      ...signedOut,
      'POST /api/verify-email': { status: 410, body: { message: AUTH_MESSAGES.verificationLinkExpired } },
    });
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email?token=abc.1.sig' });
    expect(await screen.findByText(AUTH_MESSAGES.verificationLinkExpired)).toBeInTheDocument();
  });
});
