import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ProfileForm } from './profile-form';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('profile form', () => {
  it('shows the spec §5 messages for username and e-mail', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm user={testUser} />);
    await user.clear(field('İstifadəçi adı'));
    await user.type(field('İstifadəçi adı'), 'ab');
    await user.clear(field('E-poçt'));
    await user.type(field('E-poçt'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('İstifadəçi adı ən azı 3 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Düzgün email ünvanı daxil edin')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('saves with PUT /api/profile and hands the updated user to onSuccess', async () => {
    const updated = { ...testUser, username: 'aysel.m', phone: null };
    const { calls } = mockApi({ 'PUT /api/profile': { body: updated } });
    const user = userEvent.setup();
    const onSuccess = jest.fn();
    renderWithProviders(<ProfileForm user={testUser} onSuccess={onSuccess} />);
    await user.clear(field('İstifadəçi adı'));
    await user.type(field('İstifadəçi adı'), 'aysel.m');
    await user.clear(field('Telefon'));
    await user.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(updated));
    // The "Profil yeniləndi" toast is the page's (app/routes/profile.test.tsx).
    expect(screen.queryByText('Profil yeniləndi')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yadda saxla' })).toBeDisabled();
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/api/profile',
      credentials: 'include',
      body: { username: 'aysel.m', email: 'aysel@example.az', phone: '' },
    });
  });

  it('a refused update shows the server message, on the field too', async () => {
    mockApi({
      'PUT /api/profile': {
        status: 409,
        body: { message: 'Bu e-poçt ünvanı artıq qeydiyyatdan keçib', field: 'email' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm user={testUser} />);
    await user.clear(field('E-poçt'));
    await user.type(field('E-poçt'), 'taken@example.az');
    await user.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Xəta')).toBeInTheDocument();
    expect(within(toast).getByText('Bu e-poçt ünvanı artıq qeydiyyatdan keçib')).toBeInTheDocument();
    expect(field('E-poçt')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a failure without a server message shows "Profil yenilənərkən xəta baş verdi"', async () => {
    mockApi({ 'PUT /api/profile': { status: 500, text: '' } });
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm user={testUser} />);
    await user.type(field('İstifadəçi adı'), 'x');
    await user.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Profil yenilənərkən xəta baş verdi')).toBeInTheDocument();
  });
});
