import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { announcement, mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import RewardsPage from './rewards';

const signedOut = {
  'GET /api/user': { status: 401, body: {} },
  // The server's figures of every rewarded announcement (not only the loaded ones).
  'GET /api/announcements/reward-stats': { body: { count: 3, total: 165, average: 55 } },
};
const list = [
  announcement({
    id: 'r1',
    title: 'Telefon itirilib',
    category: 'phones',
    rewardAmount: 100,
    location: 'Gənclik',
    createdAt: '2025-01-01T10:00:00Z',
  }),
  announcement({
    id: 'r2',
    title: 'Pasport itirilib',
    category: 'documents',
    rewardAmount: 25,
    location: 'BAKI metro',
    createdAt: '2025-03-01T10:00:00Z',
  }),
  announcement({
    id: 'r3',
    title: 'Çanta itirilib',
    category: 'bags',
    rewardAmount: 40,
    location: 'Nərimanov',
    createdAt: '2025-02-01T10:00:00Z',
  }),
  announcement({ id: 'n1', title: 'Mükafatsız elan', rewardAmount: 0 }),
];

const titles = () =>
  screen.getAllByTestId('announcement-card').map((c) => within(c).getByRole('heading').textContent);

describe('rewards page', () => {
  it("shows the title and the server's three stats (count, total, rounded average)", async () => {
    const { calls } = mockApi({ ...signedOut, 'GET /api/announcements': { body: list } });
    renderWithProviders(<RewardsPage />);
    expect(screen.getByRole('heading', { name: 'Mükafatlı elanlar' })).toBeInTheDocument();
    expect(await screen.findByTestId('reward-count')).toHaveTextContent('3');
    expect(screen.getByTestId('reward-total')).toHaveTextContent('165 AZN');
    expect(screen.getByTestId('reward-average')).toHaveTextContent('55 AZN');
    await waitFor(() => expect(titles()).toEqual(['Telefon itirilib', 'Çanta itirilib', 'Pasport itirilib']));
    expect(calls.map((c) => c.url)).toContain('/api/announcements?rewards=1&limit=500');
  });

  it('filters by keyword (case-insensitive, title/description/location) and category; sorts; clears', async () => {
    mockApi({ ...signedOut, 'GET /api/announcements': { body: list } });
    const user = userEvent.setup();
    renderWithProviders(<RewardsPage />);
    await screen.findByTestId('reward-count');
    await user.type(screen.getByRole('searchbox', { name: 'Açar söz' }), 'bakı');
    expect(titles()).toEqual(['Pasport itirilib']);
    await user.clear(screen.getByRole('searchbox', { name: 'Açar söz' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kateqoriya' }), 'bags');
    expect(titles()).toEqual(['Çanta itirilib']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kateqoriya' }), 'all');

    const sort = screen.getByRole('combobox', { name: 'Sıralama' });
    expect(sort).toHaveValue('reward-highest');
    await user.selectOptions(sort, 'reward-lowest');
    expect(titles()).toEqual(['Pasport itirilib', 'Çanta itirilib', 'Telefon itirilib']);
    await user.selectOptions(sort, 'newest');
    expect(titles()).toEqual(['Pasport itirilib', 'Çanta itirilib', 'Telefon itirilib']);
    await user.selectOptions(sort, 'oldest');
    expect(titles()).toEqual(['Telefon itirilib', 'Çanta itirilib', 'Pasport itirilib']);

    await user.type(screen.getByRole('searchbox', { name: 'Açar söz' }), 'heç nə');
    expect(screen.getByText('Heç bir mükafatlı elan tapılmadı')).toBeInTheDocument();
    expect(screen.getByText('Axtarış meyarlarınızı dəyişməyə cəhd edin.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filtrləri təmizlə' }));
    expect(screen.getByRole('searchbox', { name: 'Açar söz' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Kateqoriya' })).toHaveValue('all');
    expect(sort).toHaveValue('reward-highest');
    expect(titles()).toHaveLength(3);
  });

  it('with no rewarded announcements: zero stats and a create button to /create-announcement', async () => {
    mockApi({
      ...signedOut,
      'GET /api/announcements': { body: [] },
      'GET /api/announcements/reward-stats': { body: { count: 0, total: 0, average: 0 } },
    });
    renderWithProviders(<RewardsPage />);
    expect(await screen.findByText('Hələ heç kim mükafatlı elan əlavə etməyib')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('reward-count')).toHaveTextContent('0'));
    expect(screen.getByTestId('reward-total')).toHaveTextContent('0 AZN');
    expect(screen.getByTestId('reward-average')).toHaveTextContent('0 AZN');
    expect(screen.getByRole('link', { name: 'Elan yarat' })).toHaveAttribute('href', '/create-announcement');
  });

  it('a visitor opening details goes to /auth', async () => {
    mockApi({ ...signedOut, 'GET /api/announcements': { body: list } });
    const user = userEvent.setup();
    renderWithProviders(<RewardsPage />, { route: '/rewards' });
    const [card] = await screen.findAllByTestId('announcement-card');
    await user.click(within(card!).getByRole('button', { name: 'Ətraflı bax (Giriş tələb olunur)' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });
});
