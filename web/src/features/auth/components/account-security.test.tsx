import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AccountSecurity } from './account-security';

const sessions = {
  sessions: [
    { id: 'a1', createdAt: '2025-08-01T09:00:00.000Z', device: 'Firefox, Linux', current: false },
    { id: 'b2', createdAt: '2025-08-02T09:00:00.000Z', device: null, current: true },
  ],
};
const base = {
  'GET /api/user': { body: testUser },
  'GET /api/account/status': { body: { emailVerified: false, phone: '+994501234567', phoneVerified: false } },
  'GET /api/sessions': { body: sessions },
};

describe('the profile security tab', () => {
  it('shows the verification state and sends a new link and an SMS code, then confirms the code', async () => {
    const { calls } = mockApi({
      ...base,
      'POST /api/verify-email/resend': { status: 204 },
      'POST /api/verify-phone/start': { status: 204 },
      'POST /api/verify-phone/confirm': { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountSecurity />);
    await user.click(await screen.findByRole('button', { name: 'Təsdiq linkini yenidən göndər' }));
    expect(await screen.findByText('Təsdiq linki e-poçtunuza göndərildi')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SMS kodu göndər' }));
    await user.type(await screen.findByLabelText('SMS kodu'), '123456');
    await user.click(screen.getByRole('button', { name: 'Təsdiqlə' }));
    expect(await screen.findByText('Telefon nömrəniz təsdiqləndi')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/verify-phone/confirm')?.body).toEqual({ code: '123456' });
  });

  it('lists the sessions with this device marked, and signs out everywhere', async () => {
    const { calls } = mockApi({ ...base, 'POST /api/sessions/sign-out-everywhere': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<AccountSecurity />, { route: '/profile?tab=security' });
    // Named as a person knows it (issue 22), never the raw User-Agent; one without a name says so.
    expect(await screen.findByText('Firefox, Linux')).toBeInTheDocument();
    expect(screen.getByText('Naməlum cihaz')).toBeInTheDocument();
    expect(screen.getByText('Bu cihaz')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bütün cihazlardan çıx' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.some((c) => c.url === '/api/sessions/sign-out-everywhere')).toBe(true);
  });

  it('changes the password; a wrong current password is shown under its field', async () => {
    mockApi({
      ...base,
      'PUT /api/password': {
        status: 400,
        body: { message: AUTH_MESSAGES.currentPasswordWrong, field: 'currentPassword' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountSecurity />);
    const form = await screen.findByRole('form', { name: 'Şifrəni dəyiş' });
    await user.type(within(form).getByLabelText('Cari şifrə'), 'Kohne-Parol-1');
    await user.type(within(form).getByLabelText('Yeni şifrə'), 'Yeni-Parol-2468');
    await user.type(within(form).getByLabelText('Yeni şifrəni təsdiqləyin'), 'Yeni-Parol-2468');
    await user.click(within(form).getByRole('button', { name: 'Şifrəni dəyiş' }));
    expect((await screen.findAllByText(AUTH_MESSAGES.currentPasswordWrong)).length).toBeGreaterThan(0);
  });

  it('deletes the account only after the confirmation with the password', async () => {
    const { calls } = mockApi({ ...base, 'POST /api/account/delete': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<AccountSecurity />, { route: '/profile?tab=security' });
    await user.click(await screen.findByRole('button', { name: 'Hesabı sil' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Şifrə'), 'Parol-12345');
    await user.click(within(dialog).getByRole('button', { name: 'Hesabı birdəfəlik sil' }));
    expect(await screen.findByText('Hesabınız silindi')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/account/delete')?.body).toEqual({ password: 'Parol-12345' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
