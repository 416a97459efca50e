import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import MapPage from './map';

// The map itself cannot be drawn here (as when its code or tiles cannot be had): the page is its list.
jest.mock('../../features/map/components/leaflet-map', () => ({
  __esModule: true,
  default: () => {
    throw new Error('no map in this test');
  },
}));

const signedOut = { 'GET /api/user': { status: 401, body: {} } };
const place = (id: string, name: string, lat: number, lng: number) => ({
  id,
  kind: 'metro',
  name,
  nameEn: `${name} (en)`,
  nameRu: `${name} (ru)`,
  lat,
  lng,
});
const card = (id: string, title: string, location: string) => ({
  id,
  type: 'lost',
  title,
  category: 'bags',
  location,
  rewardAmount: 50,
  createdAt: '2026-11-20T10:00:00.000Z',
  thumbnailUrl: null,
});
const board = {
  tiles: {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
  },
  places: [
    {
      place: place('m-koroglu', 'Koroğlu metrosu', 40.421, 49.918),
      count: 7,
      announcements: [card('a1', 'Qara çanta', 'Koroğlu m/st'), card('a2', 'Açar dəsti', 'м. Азизбекова')],
    },
    {
      place: place('m-28-may', '28 May metrosu', 40.3797, 49.8486),
      count: 1,
      announcements: [
        { ...card('a3', 'Pasport', '28 May m/st'), type: 'found', category: 'documents', rewardAmount: 0 },
      ],
    },
  ],
};

describe('map page (/xerite)', () => {
  afterEach(() => jest.restoreAllMocks());

  it("lists the places with their counts and cards when the map cannot be drawn, with the home page's filters", async () => {
    // React reports the map's failure it recovers from; nothing else is logged.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockApi({ ...signedOut, 'GET /api/announcements/map': { body: board } });
    renderWithProviders(<MapPage />, { route: '/xerite?q=canta&category=all&rewards=1&place=d-sabunchu' });
    expect(screen.getByRole('heading', { name: 'Elanların xəritəsi' })).toBeInTheDocument();
    expect(await screen.findByTestId('map-count')).toHaveTextContent('8 elan, 2 yer');
    expect(await screen.findByText('Xəritə yüklənmədi')).toBeInTheDocument();
    const list = screen.getByTestId('map-places');
    expect([...list.querySelectorAll('summary')].map((summary) => summary.textContent)).toEqual([
      'Koroğlu metrosu — 7 elan',
      '28 May metrosu — 1 elan',
    ]);
    // A place's cards open from its line (no pointer or map needed) and link to each announcement.
    await userEvent.click(within(list).getByText('Koroğlu metrosu — 7 elan'));
    const link = within(list).getByRole('link', { name: 'Qara çanta' });
    expect(link).toHaveAttribute('href', '/elan/a1');
    expect(within(list).getByRole('link', { name: 'Açar dəsti' })).toHaveAttribute('href', '/elan/a2');
    expect(within(list).getAllByText('İtirilib · Çantalar · Mükafat: 50 AZN')).toHaveLength(2);
    expect(within(list).getByText('Tapılıb · Sənədlər')).toBeInTheDocument();
    const url = new URL(calls.find((c) => c.url.startsWith('/api/announcements/map'))!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'canta',
      rewards: '1',
      place: 'd-sabunchu',
    });
    // Back to the list with the same filters.
    expect(screen.getByRole('link', { name: 'Siyahıya qayıt' })).toHaveAttribute(
      'href',
      '/?q=canta&category=all&rewards=1&place=d-sabunchu#elanlar',
    );
  });

  it('says so when nothing is on the map', async () => {
    mockApi({ ...signedOut, 'GET /api/announcements/map': { body: { ...board, places: [] } } });
    renderWithProviders(<MapPage />, { route: '/xerite' });
    expect(await screen.findByText('Heç bir elan tapılmadı')).toBeInTheDocument();
  });
});
