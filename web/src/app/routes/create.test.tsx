import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { FakeXhr } from '../../test/fake-xhr';
import { mockApi, testUser, type MockReply } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import CreatePage from './create';

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

/** The /create page for a signed-in user (the route guard is the router's), once its form shows. */
async function renderPage(routes: Record<string, MockReply>) {
  const api = mockApi({ 'GET /api/user': { body: testUser }, ...routes });
  renderWithProviders(<CreatePage />, { route: '/create?type=lost', path: '/create' });
  await screen.findByRole('form', { name: 'Elan yarat' });
  return api;
}

async function fillValid(user: UserEvent) {
  await user.selectOptions(field('Kateqoriya'), 'bags');
  await user.type(field('Başlıq'), 'Qara pulqabı itirilib');
  await user.type(field('Təsvir'), 'Dəri pulqabı, içində sənədlər və bank kartları var idi.');
  await user.type(field('Yer'), 'Nizami küçəsi');
}

const png = () =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'pulqabi.png', { type: 'image/png' });

/** The page composes the form with the photo upload and says what success does. */
describe('/create page', () => {
  beforeEach(() => FakeXhr.install());

  it('creates the announcement, toasts and goes back to /', async () => {
    const { calls } = await renderPage({ 'POST /api/announcements': { status: 201, body: details } });
    const user = userEvent.setup();
    await fillValid(user);
    await user.type(field('Mükafat məbləği (AZN)'), '50');
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    expect(await screen.findByText('Elan yaradıldı')).toBeInTheDocument();
    expect(screen.getByText('Elanınız uğurla yaradıldı və aktivdir.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.find((c) => c.url === '/api/announcements')).toMatchObject({
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

  describe('photo', () => {
    it('uploads with a progress bar, toasts "Şəkil yükləndi", is sent, and can be removed', async () => {
      const { calls } = await renderPage({
        'POST /api/objects/upload': { body: { uploadURL: '/api/objects/uploads/tok123' } },
        'POST /api/objects/normalize-path': { body: { normalizedPath: '/objects/abcdef12-3456' } },
        'POST /api/announcements': { status: 201, body: details },
      });
      const user = userEvent.setup();
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
        imageUrls: ['/objects/abcdef12-3456'],
      });
    });

    it('a removed photo is not sent', async () => {
      const { calls } = await renderPage({
        'POST /api/objects/upload': { body: { uploadURL: '/api/objects/uploads/tok123' } },
        'POST /api/objects/normalize-path': { body: { normalizedPath: '/objects/abcdef12-3456' } },
        'POST /api/announcements': { status: 201, body: details },
      });
      const user = userEvent.setup();
      await user.upload(screen.getByLabelText(/Şəkil seçin/), png());
      await waitFor(() => expect(FakeXhr.last).not.toBeNull());
      act(() => FakeXhr.last!.respond(200));
      await user.click(await screen.findByRole('button', { name: 'Şəkli sil (1/1)' }));
      expect(screen.queryByAltText('Seçilmiş şəkil: pulqabi.png')).not.toBeInTheDocument();
      expect(screen.getByLabelText(/Şəkil seçin/)).toBeInTheDocument();
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
      await screen.findByText('Elan yaradıldı');
      expect(calls.find((c) => c.url === '/api/announcements')!.body).not.toHaveProperty('imageUrl');
    });

    it('a failed normalisation toasts "Şəkil URL-si işlənərkən xəta baş verdi"', async () => {
      await renderPage({
        'POST /api/objects/upload': { body: { uploadURL: '/api/objects/uploads/tok123' } },
        'POST /api/objects/normalize-path': { status: 404, body: { message: 'Yüklənmiş fayl tapılmadı' } },
      });
      const user = userEvent.setup();
      await user.upload(screen.getByLabelText(/Şəkil seçin/), png());
      await waitFor(() => expect(FakeXhr.last).not.toBeNull());
      act(() => FakeXhr.last!.respond(200));
      const toast = await screen.findByTestId('toast');
      expect(within(toast).getByText('Xəta')).toBeInTheDocument();
      expect(within(toast).getByText('Şəkil URL-si işlənərkən xəta baş verdi')).toBeInTheDocument();
      expect(screen.getByLabelText(/Şəkil seçin/)).toBeInTheDocument();
    });

    it('a file over 10 MB is refused before anything is sent', async () => {
      const { calls } = await renderPage({});
      const user = userEvent.setup();
      const big = png();
      Object.defineProperty(big, 'size', { value: 10_485_761 });
      await user.upload(screen.getByLabelText(/Şəkil seçin/), big);
      expect(await screen.findByText('Şəkil 10 MB-dan böyük ola bilməz')).toBeInTheDocument();
      expect(calls.filter((c) => c.url !== '/api/user')).toHaveLength(0);
      expect(FakeXhr.last).toBeNull();
    });
  });
});
