import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AcceptInvitationButton, AcceptInvitationForm } from './accept-invitation-form';

const invitation = {
  organizationName: 'Hilton Baku',
  email: 'nigar@hilton.az',
  expiresAt: '2025-08-30T09:00:00.000Z',
};
const orgAdmin = {
  ...testUser,
  username: 'nigar',
  email: 'nigar@hilton.az',
  role: 'org_admin',
  organizationId: '33333333-3333-4333-8333-333333333333',
};
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`), { selector: 'input' });

describe('accept-invitation form (signed out)', () => {
  it('shows the invited e-mail and the §5 messages', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(
      <AcceptInvitationForm token="t.1.sig" invitation={invitation} onSuccess={() => {}} />,
    );
    expect(field('E-poçt')).toHaveValue('nigar@hilton.az');
    await user.click(screen.getByRole('button', { name: 'Hesab yarat və dəvəti qəbul et' }));
    expect(await screen.findByText('İstifadəçi adı ən azı 3 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Şifrə ən azı 8 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Şifrə təsdiqləməsi tələb olunur')).toBeInTheDocument();
    await user.type(field('Şifrə'), 'Parol-12345');
    await user.type(field('Şifrəni təsdiqləyin'), 'Parol-99999');
    await user.click(screen.getByRole('button', { name: 'Hesab yarat və dəvəti qəbul et' }));
    expect(await screen.findByText('Şifrələr uyğun gəlmir')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says the staff-like username rule under the field while it is typed', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(
      <AcceptInvitationForm token="t.1.sig" invitation={invitation} onSuccess={() => {}} />,
    );
    await user.type(field('İstifadəçi adı'), 'parkbulvar_admin');
    expect(
      screen.getByText('Bu istifadəçi adı platformanın əməkdaşlarına bənzədiyi üçün seçilə bilməz'),
    ).toBeInTheDocument();
    await user.clear(field('İstifadəçi adı'));
    await user.type(field('İstifadəçi adı'), 'parkbulvar_nigar');
    expect(
      screen.queryByText('Bu istifadəçi adı platformanın əməkdaşlarına bənzədiyi üçün seçilə bilməz'),
    ).not.toBeInTheDocument();
  });

  it("refuses a common password and one holding the invited e-mail's local part", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(
      <AcceptInvitationForm token="t.1.sig" invitation={invitation} onSuccess={() => {}} />,
    );
    await user.type(field('İstifadəçi adı'), 'hilton_baku');
    await user.type(field('Şifrə'), 'iloveyou');
    await user.type(field('Şifrəni təsdiqləyin'), 'iloveyou');
    await user.click(screen.getByRole('button', { name: 'Hesab yarat və dəvəti qəbul et' }));
    expect(
      await screen.findByText('Bu şifrə çox geniş yayılıb və asanlıqla təxmin edilir. Başqa şifrə seçin'),
    ).toBeInTheDocument();
    await user.clear(field('Şifrə'));
    await user.clear(field('Şifrəni təsdiqləyin'));
    await user.type(field('Şifrə'), 'Nigar-Sirr-77');
    await user.type(field('Şifrəni təsdiqləyin'), 'Nigar-Sirr-77');
    await user.click(screen.getByRole('button', { name: 'Hesab yarat və dəvəti qəbul et' }));
    expect(
      await screen.findByText('Şifrədə e-poçt ünvanınızın @ işarəsinə qədər olan hissəsi olmamalıdır'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts the token and the new account, then calls onSuccess with the org admin', async () => {
    const { calls } = mockApi({ 'POST /api/invitations/accept': { status: 201, body: orgAdmin } });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <AcceptInvitationForm token="t.1.sig" invitation={invitation} onSuccess={onSuccess} />,
    );
    await user.type(field('İstifadəçi adı'), 'nigar');
    await user.type(field('Şifrə'), 'Parol-12345');
    await user.type(field('Şifrəni təsdiqləyin'), 'Parol-12345');
    await user.click(screen.getByRole('button', { name: 'Hesab yarat və dəvəti qəbul et' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(orgAdmin));
    expect(calls[0]!.body).toEqual({
      token: 't.1.sig',
      username: 'nigar',
      password: 'Parol-12345',
      confirmPassword: 'Parol-12345',
    });
  });

  it('a refusal toasts the server message and marks the field it names', async () => {
    mockApi({
      'POST /api/invitations/accept': {
        status: 409,
        body: { message: 'Bu istifadəçi adı artıq istifadə olunur', field: 'username' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <AcceptInvitationForm token="t.1.sig" invitation={invitation} onSuccess={() => {}} />,
    );
    await user.type(field('İstifadəçi adı'), 'nigar');
    await user.type(field('Şifrə'), 'Parol-12345');
    await user.type(field('Şifrəni təsdiqləyin'), 'Parol-12345');
    await user.click(screen.getByRole('button', { name: 'Hesab yarat və dəvəti qəbul et' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Bu istifadəçi adı artıq istifadə olunur')).toBeInTheDocument();
    expect(field('İstifadəçi adı')).toHaveAccessibleDescription('Bu istifadəçi adı artıq istifadə olunur');
  });
});

describe('accept-invitation button (signed in with the invited e-mail)', () => {
  it('posts the token alone', async () => {
    const { calls } = mockApi({ 'POST /api/invitations/accept': { status: 201, body: orgAdmin } });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<AcceptInvitationButton token="t.1.sig" onSuccess={onSuccess} />);
    await user.click(screen.getByRole('button', { name: 'Dəvəti qəbul et' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(orgAdmin));
    expect(calls[0]!.body).toEqual({ token: 't.1.sig' });
  });

  it('a used invitation toasts the server message', async () => {
    mockApi({
      'POST /api/invitations/accept': { status: 410, body: { message: 'Bu dəvət artıq istifadə olunub' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AcceptInvitationButton token="t.1.sig" onSuccess={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Dəvəti qəbul et' }));
    expect(
      within(await screen.findByTestId('toast')).getByText('Bu dəvət artıq istifadə olunub'),
    ).toBeInTheDocument();
  });
});
