import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { FakeXhr } from '../../../test/fake-xhr';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { CreateAnnouncementForm } from './create-announcement-form';

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

function renderForm(type: 'lost' | 'found' = 'lost', user: ClientUser = testUser) {
  return renderWithProviders(<CreateAnnouncementForm user={user} initialType={type} />, {
    route: `/create?type=${type}`,
    path: '/create',
  });
}

async function fillValid(user: UserEvent) {
  await user.selectOptions(field('Kateqoriya'), 'bags');
  await user.type(field('Başlıq'), 'Qara pulqabı itirilib');
  await user.type(field('Təsvir'), 'Dəri pulqabı, içində sənədlər və bank kartları var idi.');
  await user.type(field('Yer'), 'Nizami küçəsi');
}

const png = () =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'pulqabi.png', { type: 'image/png' });

describe('create announcement form', () => {
  beforeEach(() => FakeXhr.install());

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

  it('creates the announcement, toasts and goes back to /', async () => {
    const { calls } = mockApi({ 'POST /api/announcements': { status: 201, body: details } });
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.type(field('Mükafat məbləği (AZN)'), '50');
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    expect(await screen.findByText('Elan yaradıldı')).toBeInTheDocument();
    expect(screen.getByText('Elanınız uğurla yaradıldı və aktivdir.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
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

  describe('photo', () => {
    it('uploads with a progress bar, toasts "Şəkil yükləndi", is sent, and can be removed', async () => {
      const { calls } = mockApi({
        'POST /api/objects/upload': { body: { uploadURL: '/api/objects/uploads/tok123' } },
        'POST /api/objects/normalize-path': { body: { normalizedPath: '/objects/abcdef12-3456' } },
        'POST /api/announcements': { status: 201, body: details },
      });
      const user = userEvent.setup();
      renderForm();
      await user.upload(screen.getByLabelText(/Şəkil seçin/), png());

      await waitFor(() => expect(FakeXhr.last).not.toBeNull());
      const xhr = FakeXhr.last!;
      expect(xhr.method).toBe('PUT');
      expect(xhr.url).toBe('/api/objects/uploads/tok123');
      expect(xhr.headers['Content-Type']).toBe('image/png');
      expect(screen.getByRole('button', { name: 'Elanı yerləşdir' })).toBeDisabled();

      act(() => xhr.progress(4, 8));
      expect(screen.getByRole('progressbar', { name: 'Şəkil yüklənir' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      );
      act(() => xhr.respond(200));

      expect(await screen.findByText('Şəkil yükləndi')).toBeInTheDocument();
      expect(screen.getByAltText('Seçilmiş şəkil: pulqabi.png')).toBeInTheDocument();
      expect(calls.find((c) => c.url === '/api/objects/normalize-path')!.body).toEqual({
        uploadURL: '/api/objects/uploads/tok123',
      });

      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
      await screen.findByText('Elan yaradıldı');
      expect(calls.find((c) => c.url === '/api/announcements')!.body).toMatchObject({
        imageUrl: '/objects/abcdef12-3456',
      });
    });

    it('a removed photo is not sent', async () => {
      const { calls } = mockApi({
        'POST /api/objects/upload': { body: { uploadURL: '/api/objects/uploads/tok123' } },
        'POST /api/objects/normalize-path': { body: { normalizedPath: '/objects/abcdef12-3456' } },
        'POST /api/announcements': { status: 201, body: details },
      });
      const user = userEvent.setup();
      renderForm();
      await user.upload(screen.getByLabelText(/Şəkil seçin/), png());
      await waitFor(() => expect(FakeXhr.last).not.toBeNull());
      act(() => FakeXhr.last!.respond(200));
      await user.click(await screen.findByRole('button', { name: 'Şəkli sil' }));
      expect(screen.queryByAltText('Seçilmiş şəkil: pulqabi.png')).not.toBeInTheDocument();
      expect(screen.getByLabelText(/Şəkil seçin/)).toBeInTheDocument();
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
      await screen.findByText('Elan yaradıldı');
      expect(calls.find((c) => c.url === '/api/announcements')!.body).not.toHaveProperty('imageUrl');
    });

    it('a failed normalisation toasts "Şəkil URL-si işlənərkən xəta baş verdi"', async () => {
      mockApi({
        'POST /api/objects/upload': { body: { uploadURL: '/api/objects/uploads/tok123' } },
        'POST /api/objects/normalize-path': { status: 404, body: { message: 'Yüklənmiş fayl tapılmadı' } },
      });
      const user = userEvent.setup();
      renderForm();
      await user.upload(screen.getByLabelText(/Şəkil seçin/), png());
      await waitFor(() => expect(FakeXhr.last).not.toBeNull());
      act(() => FakeXhr.last!.respond(200));
      const toast = await screen.findByTestId('toast');
      expect(within(toast).getByText('Xəta')).toBeInTheDocument();
      expect(within(toast).getByText('Şəkil URL-si işlənərkən xəta baş verdi')).toBeInTheDocument();
      expect(screen.getByLabelText(/Şəkil seçin/)).toBeInTheDocument();
    });

    it('a file over 10 MB is refused before anything is sent', async () => {
      const { calls } = mockApi({});
      const user = userEvent.setup();
      renderForm();
      const big = png();
      Object.defineProperty(big, 'size', { value: 10_485_761 });
      await user.upload(screen.getByLabelText(/Şəkil seçin/), big);
      expect(await screen.findByText('Şəkil 10 MB-dan böyük ola bilməz')).toBeInTheDocument();
      expect(calls).toHaveLength(0);
      expect(FakeXhr.last).toBeNull();
    });
  });
});
