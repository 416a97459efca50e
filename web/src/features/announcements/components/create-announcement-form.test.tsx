import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { CreateAnnouncementForm, type PhotoFieldProps } from './create-announcement-form';

const field = (label: string, selector = 'input, textarea, select') =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`), { selector });

const details = {
  id: 'n1',
  type: 'lost',
  title: 'Qara pulqabı itirilib',
  description: 'Dəri pulqabı, içində sənədlər və bank kartları var idi.',
  location: 'Nizami küçəsi',
  category: 'bags',
  roomNumber: null,
  imageUrl: null,
  rewardAmount: 50,
  rewardDescription: null,
  status: 'open',
  organizationId: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  contactInfo: '+994501234567',
  userId: testUser.id,
  isPublic: true,
  isActive: true,
};

/** Stands in for the photo upload the page passes in. */
function StubPhotoField({ onChange, onBusyChange }: PhotoFieldProps) {
  return (
    <>
      <button type="button" onClick={() => onBusyChange(true)}>
        Stub: uploading
      </button>
      <button
        type="button"
        onClick={() => {
          onChange(['/objects/abcdef12-3457', '/objects/abcdef12-3456']);
          onBusyChange(false);
        }}
      >
        Stub: uploaded
      </button>
    </>
  );
}

function renderForm(type: 'lost' | 'found' = 'lost', user: ClientUser = testUser) {
  const onSuccess = jest.fn();
  const rendered = renderWithProviders(
    <CreateAnnouncementForm
      user={user}
      initialType={type}
      onSuccess={onSuccess}
      photoField={(props) => <StubPhotoField {...props} />}
    />,
    { route: `/create?type=${type}`, path: '/create' },
  );
  return { ...rendered, onSuccess };
}

async function fillValid(user: UserEvent) {
  await user.selectOptions(field('Kateqoriya'), 'bags');
  await user.type(field('Başlıq'), 'Qara pulqabı itirilib');
  await user.type(field('Təsvir'), 'Dəri pulqabı, içində sənədlər və bank kartları var idi.');
  await user.type(field('Yer'), 'Nizami küçəsi');
}

describe('create announcement form', () => {
  it('shows the spec §5 messages for title, description and location (and the category)', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    expect(await screen.findByText('Başlıq ən azı 5 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Təsvir ən azı 20 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Yer ən azı 3 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Kateqoriyanı seçin')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('short values get the same messages', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderForm();
    await user.type(field('Başlıq'), 'Açar');
    await user.type(field('Təsvir'), 'Qısa təsvir');
    await user.type(field('Yer'), 'Bk');
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    expect(await screen.findByText('Başlıq ən azı 5 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Təsvir ən azı 20 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Yer ən azı 3 simvol olmalıdır')).toBeInTheDocument();
  });

  it('a negative reward shows "Mükafat məbləği müsbət olmalıdır"', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.type(field('Mükafat məbləği (AZN)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    expect(await screen.findByText('Mükafat məbləği müsbət olmalıdır')).toBeInTheDocument();
  });

  it('the reward block is there for lost items only', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderForm('found');
    expect(screen.queryByLabelText('Mükafat məbləği (AZN)')).not.toBeInTheDocument();
    await user.selectOptions(field('Elanın növü'), 'lost');
    expect(field('Mükafat məbləği (AZN)')).toBeInTheDocument();
  });

  it('contact info defaults to the phone, else the e-mail', () => {
    mockApi({});
    const { unmount } = renderForm();
    expect(field('Əlaqə məlumatı')).toHaveValue('+994501234567');
    unmount();
    renderForm('lost', { ...testUser, phone: null });
    expect(field('Əlaqə məlumatı')).toHaveValue('aysel@example.az');
  });

  it('creates the announcement and hands it to onSuccess, without a toast or navigation of its own', async () => {
    const { calls } = mockApi({ 'POST /api/announcements': { status: 201, body: details } });
    const user = userEvent.setup();
    const { onSuccess } = renderForm();
    await fillValid(user);
    await user.type(field('Mükafat məbləği (AZN)'), '50');
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ id: 'n1' })));
    // The toast and the way back to / are the page's (app/routes/create.test.tsx).
    expect(screen.queryByText('Elan yaradıldı')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/create');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/announcements',
      credentials: 'include',
      body: {
        type: 'lost',
        category: 'bags',
        title: 'Qara pulqabı itirilib',
        location: 'Nizami küçəsi',
        contactInfo: '+994501234567',
        rewardAmount: 50,
      },
    });
  });

  it('sends the path its photo field reports, and waits while the field is busy', async () => {
    const { calls } = mockApi({ 'POST /api/announcements': { status: 201, body: details } });
    const user = userEvent.setup();
    const { onSuccess } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Stub: uploading' }));
    expect(screen.getByRole('button', { name: 'Elanı yerləşdir' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Stub: uploaded' }));
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    // Every photo in the field's order: the first is the cover.
    expect(calls[0]!.body).toMatchObject({ imageUrls: ['/objects/abcdef12-3457', '/objects/abcdef12-3456'] });
  });

  it('a refused announcement toasts "Xəta" with the server message', async () => {
    mockApi({
      'POST /api/announcements': {
        status: 400,
        body: { message: 'Başlıq ən çox 120 simvol ola bilər', field: 'title' },
      },
    });
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Xəta')).toBeInTheDocument();
    expect(within(toast).getByText('Başlıq ən çox 120 simvol ola bilər')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/create');
  });

  it('a failure without a server message toasts "Elan yaradılarkən xəta baş verdi"', async () => {
    mockApi({ 'POST /api/announcements': { status: 500, text: '' } });
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Xəta')).toBeInTheDocument();
    expect(within(toast).getByText('Elan yaradılarkən xəta baş verdi')).toBeInTheDocument();
  });
});
