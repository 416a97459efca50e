import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import type { SavedSearch } from '@tapinti/contracts/saved-searches-api';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AlertLikeThis } from './alert-like-this';
import { SaveSearchControl } from './save-search-control';
import { SavedSearchList } from './saved-search-list';

const saved = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  id: '11111111-1111-4111-8111-111111111111',
  search: 'çanta',
  category: 'bags',
  place: null,
  rewards: false,
  type: null,
  frequency: 'hourly',
  confirmed: true,
  createdAt: '2026-11-28T08:00:00.000Z',
  ...overrides,
});

const filters = { search: 'qara çanta', category: 'bags', place: '', rewardsOnly: true };

describe('save this search (home filters)', () => {
  it('a signed-in user saves the filters in one click and is told where they are', async () => {
    const { calls } = mockApi({
      'POST /api/notifications/saved-searches': { status: 201, body: saved() },
      'GET /api/notifications/saved-searches': { body: { items: [saved()] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SaveSearchControl filters={filters} signedIn />);
    await user.click(screen.getByRole('button', { name: 'Bu axtarışı yadda saxla' }));
    const control = screen.getByTestId('save-search');
    expect(await within(control).findByRole('status')).toHaveTextContent('Axtarış yadda saxlanıldı');
    expect(screen.getByRole('link', { name: 'Saxladığım axtarışlar' })).toHaveAttribute(
      'href',
      '/axtarislarim',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      search: 'qara çanta',
      category: 'bags',
      rewards: true,
    });
  });

  it('a visitor gives an address with the keyboard and is told a confirmation link was sent', async () => {
    const { calls } = mockApi({
      'POST /api/notifications/saved-searches': { status: 201, body: saved({ confirmed: false }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<SaveSearchControl filters={filters} signedIn={false} />);
    await user.click(screen.getByRole('button', { name: 'Bu axtarışı yadda saxla' }));
    const email = screen.getByRole('textbox', { name: /E-poçt ünvanınız/ });
    await user.type(email, 'qonaq@example.az{Enter}');
    expect(await screen.findByText(/Təsdiq linki e-poçtunuza göndərildi/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ email: 'qonaq@example.az' });
  });

  it('shows the server’s refusal as an alert', async () => {
    mockApi({
      'POST /api/notifications/saved-searches': {
        status: 409,
        body: { message: 'Ən çox 10 axtarış saxlaya bilərsiniz: əvvəlcə birini silin' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SaveSearchControl filters={filters} signedIn />);
    await user.click(screen.getByRole('button', { name: 'Bu axtarışı yadda saxla' }));
    expect(await within(screen.getByTestId('save-search')).findByRole('alert')).toHaveTextContent(
      'Ən çox 10 axtarış',
    );
  });

  it('offers nothing without a filter (there is nothing to save)', () => {
    mockApi({});
    renderWithProviders(
      <SaveSearchControl
        filters={{ search: ' ', category: 'all', place: '', rewardsOnly: false }}
        signedIn
      />,
    );
    expect(screen.queryByRole('button', { name: 'Bu axtarışı yadda saxla' })).not.toBeInTheDocument();
  });
});

describe('my saved searches', () => {
  it('switches one to the daily digest and deletes it', async () => {
    let items = [saved()];
    const { calls } = mockApi({
      'GET /api/notifications/saved-searches': () => ({ body: { items } }),
      [`PUT /api/notifications/saved-searches/${saved().id}`]: () => {
        items = [saved({ frequency: 'daily' })];
        return { body: items[0] };
      },
      [`DELETE /api/notifications/saved-searches/${saved().id}`]: () => {
        items = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SavedSearchList describe={(s) => `«${s.search}»`} linkOf={() => '/?q=çanta'} />);
    const [item] = await screen.findAllByTestId('saved-search');
    const digest = within(item!).getByRole('switch', { name: /Gündəlik xülasə/ });
    expect(digest).not.toBeChecked();
    await user.click(digest);
    await waitFor(() => expect(digest).toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ frequency: 'daily' });
    await user.click(within(item!).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText(/Hələ axtarış saxlamamısınız/)).toBeInTheDocument();
  });
});

describe('alert me about new found items like this', () => {
  it('saves a found-items search of the lost post’s category at its place in one click', async () => {
    const { calls } = mockApi({
      'POST /api/notifications/saved-searches': { status: 201, body: saved({ type: 'found' }) },
      'GET /api/notifications/saved-searches': { body: { items: [] } },
    });
    const lost = {
      title: 'Qara dəri pulqabı',
      category: 'bags',
      place: { id: 'd-nasimi', kind: 'district', name: 'Nəsimi', nameEn: 'Nasimi', nameRu: 'Насими' },
    } as unknown as AnnouncementDetails;
    const user = userEvent.setup();
    renderWithProviders(<AlertLikeThis announcement={lost} />);
    await user.click(
      screen.getByRole('button', { name: 'Buna bənzər yeni tapılmış əşyalar barədə xəbər ver' }),
    );
    expect(await screen.findByText(/Hazırdır/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'found',
      category: 'bags',
      place: 'd-nasimi',
    });
  });
});
