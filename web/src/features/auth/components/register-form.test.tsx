import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { RegisterForm } from './register-form';

/** A field by its label (a required field's label ends with a '*' mark). */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`), { selector: 'input' });

async function fill(
  values: Partial<Record<'username' | 'email' | 'phone' | 'password' | 'confirm', string>>,
) {
  const user = userEvent.setup();
  const fields = {
    username: 'İstifadəçi adı',
    email: 'E-poçt',
    phone: 'Telefon (istəyə bağlı)',
    password: 'Şifrə',
    confirm: 'Şifrəni təsdiqləyin',
  } as const;
  for (const [key, label] of Object.entries(fields)) {
    const value = values[key as keyof typeof fields];
    if (value) await user.type(field(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Qeydiyyatdan keç' }));
  return user;
}

describe('registration form', () => {
  it('an empty form shows every required message, incl. the confirmation one', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<RegisterForm />);
    await fill({});
    expect(await screen.findByText('İstifadəçi adı ən azı 3 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Düzgün email ünvanı daxil edin')).toBeInTheDocument();
    expect(screen.getByText('Şifrə ən azı 8 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Şifrə təsdiqləməsi tələb olunur')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('a different confirmation shows "Şifrələr uyğun gəlmir" on the confirmation field', async () => {
    mockApi({});
    renderWithProviders(<RegisterForm />);
    await fill({ username: 'nigar', email: 'nigar@example.az', password: 'sirr12345', confirm: 'sirr54321' });
    const message = await screen.findByText('Şifrələr uyğun gəlmir');
    const confirm = field('Şifrəni təsdiqləyin');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('a malformed phone is refused with the shared message', async () => {
    mockApi({});
    renderWithProviders(<RegisterForm />);
    await fill({
      username: 'nigar',
      email: 'nigar@example.az',
      phone: '0501234567',
      password: 'sirr12345',
      confirm: 'sirr12345',
    });
    expect(
      await screen.findByText('Telefon nömrəsi beynəlxalq formatda olmalıdır (məs. +994501234567)'),
    ).toBeInTheDocument();
  });

  it.each([
    ['password', 'Bu şifrə çox geniş yayılıb və asanlıqla təxmin edilir. Başqa şifrə seçin'],
    ['12345678', 'Bu şifrə çox geniş yayılıb və asanlıqla təxmin edilir. Başqa şifrə seçin'],
    ['baku1234', 'Bu şifrə çox geniş yayılıb və asanlıqla təxmin edilir. Başqa şifrə seçin'],
    ['NIGAR-2025', 'Şifrədə istifadəçi adınız olmamalıdır'],
    ['x-aliyeva.n-7', 'Şifrədə e-poçt ünvanınızın @ işarəsinə qədər olan hissəsi olmamalıdır'],
  ])('refuses the password %s with its own message, as the API does', async (password, message) => {
    const { calls } = mockApi({});
    renderWithProviders(<RegisterForm />);
    await fill({ username: 'nigar', email: 'aliyeva.n@example.az', password, confirm: password });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field('Şifrə')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('registers without sending the confirmation and hands the user to onSuccess', async () => {
    const { calls } = mockApi({
      'POST /api/register': { status: 201, body: { ...testUser, username: 'nigar' } },
    });
    const onSuccess = jest.fn();
    renderWithProviders(<RegisterForm onSuccess={onSuccess} />);
    await fill({
      username: 'nigar',
      email: 'Nigar@Example.az',
      phone: '+994 50 123 45 67',
      password: 'sirr12345',
      confirm: 'sirr12345',
    });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ ...testUser, username: 'nigar' }));
    // The welcome toast is the caller's (app/hooks/use-auth-success.test.tsx).
    expect(screen.queryByText('Qeydiyyat tamamlandı')).not.toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      username: 'nigar',
      email: 'nigar@example.az',
      phone: '+994501234567',
      password: 'sirr12345',
    });
  });

  it('a refused registration toasts "Qeydiyyat uğursuz oldu" with the server message, on the field too', async () => {
    mockApi({
      'POST /api/register': {
        status: 409,
        body: { message: 'Bu istifadəçi adı artıq istifadə olunur', field: 'username' },
      },
    });
    renderWithProviders(<RegisterForm />);
    await fill({ username: 'nigar', email: 'nigar@example.az', password: 'sirr12345', confirm: 'sirr12345' });
    expect(await screen.findByText('Qeydiyyat uğursuz oldu')).toBeInTheDocument();
    expect(screen.getAllByText('Bu istifadəçi adı artıq istifadə olunur')).toHaveLength(2);
    expect(field('İstifadəçi adı')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a failure without a server message shows the error text', async () => {
    mockApi({ 'POST /api/register': { status: 503, text: '' } });
    renderWithProviders(<RegisterForm />);
    await fill({ username: 'nigar', email: 'nigar@example.az', password: 'sirr12345', confirm: 'sirr12345' });
    expect(await screen.findByText('Qeydiyyat uğursuz oldu')).toBeInTheDocument();
    expect(screen.getByText('503: Service Unavailable')).toBeInTheDocument();
  });
});
