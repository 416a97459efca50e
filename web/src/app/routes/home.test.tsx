import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { announcement, mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import HomePage from './home';

const signedOut = { 'GET /api/user': { status: 401, body: {} } };
const list = [
  announcement({ id: 'a1', rewardAmount: 50, rewardDescription: 'Nağd pul' }),
  announcement({
    id: 'a2',
    type: 'found',
    title: 'Açar dəsti tapılıb',
    category: 'keys',
    imageUrl: '/objects/abcdef12-3456',
    createdAt: '2025-11-02T09:00:00.000Z',
  }),
];

describe('home page', () => {
  it('shows the hero, the fixed statistics and the list with its count', async () => {
    mockApi({ ...signedOut, 'GET /api/announcements': { body: list } });
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('İtirdiyini tap, tapdığını qaytar');
    expect(screen.getByText('Elanlar yüklənir...')).toBeInTheDocument();
    expect(await screen.findByText('2 elan tapıldı')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Son elanlar' })).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Statistika' });
    for (const [value, label] of [
      ['12,847', 'Elan sayı'],
      ['3,291', 'Uğurlu qaytarma'],
      ['8,156', 'Aktiv istifadəçi'],
    ] as const) {
      expect(within(stats).getByText(value)).toBeInTheDocument();
      expect(within(stats).getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Əşyamı itirdim' })).toHaveAttribute('href', '/create?type=lost');
    expect(screen.getByRole('link', { name: 'Əşya tapdım' })).toHaveAttribute('href', '/create?type=found');
    expect(screen.getByRole('heading', { name: 'Necə işləyir?' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(4);
  });

  it('cards carry every element of spec §2', async () => {
    mockApi({ ...signedOut, 'GET /api/announcements': { body: list } });
    renderWithProviders(<HomePage />);
    const [lost, found] = await screen.findAllByTestId('announcement-card');
    const l = within(lost!);
    expect(l.getByRole('img', { name: 'Qara pulqabı itirilib: şəkil əlavə edilməyib' })).toBeInTheDocument();
    expect(l.getByText('İtirilib')).toBeInTheDocument();
    expect(l.getByText('Çantalar')).toBeInTheDocument();
    expect(l.getByText('Mükafat təklifi: 50 AZN')).toBeInTheDocument();
    expect(l.getByText('Nağd pul')).toBeInTheDocument();
    expect(l.getByText('Nizami küçəsi, Bakı')).toBeInTheDocument();
    expect(l.getByText('05.03.2025')).toBeInTheDocument();
    expect(l.getByText('Tapıntı istifadəçisi')).toBeInTheDocument();
    expect(l.getByRole('button', { name: 'Ətraflı bax (Giriş tələb olunur)' })).toBeInTheDocument();
    const f = within(found!);
    expect(f.getByRole('img', { name: 'Açar dəsti tapılıb' })).toHaveAttribute(
      'src',
      '/objects/abcdef12-3456',
    );
    expect(f.getByText('Tapılıb')).toBeInTheDocument();
    expect(f.getByText('02.11.2025')).toBeInTheDocument();
  });

  it('a total the server counted only up to its cap reads "10 000+"', async () => {
    mockApi({
      ...signedOut,
      'GET /api/announcements': {
        body: list,
        headers: { 'X-Total-Count': '10000', 'X-Total-Count-Capped': 'true' },
      },
    });
    renderWithProviders(<HomePage />);
    // Grouped with a no-break space, as amounts are.
    expect(await screen.findByText(/^10\s000\+ elan tapıldı$/)).toBeInTheDocument();
  });

  it('the empty list says "Heç bir elan tapılmadı"', async () => {
    mockApi({ ...signedOut, 'GET /api/announcements': { body: [] } });
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Heç bir elan tapılmadı')).toBeInTheDocument();
    expect(screen.getByText('0 elan tapıldı')).toBeInTheDocument();
  });

  it('a failed load shows an error with a retry', async () => {
    let fail = true;
    mockApi({
      ...signedOut,
      'GET /api/announcements': () => (fail ? { status: 500, text: '' } : { body: list }),
    });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Elanları yükləmək mümkün olmadı')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Yenidən cəhd et' }));
    expect(await screen.findByText('2 elan tapıldı')).toBeInTheDocument();
  });

  it('searches on Enter and by category; "Bütün elanları göstər" clears the filters', async () => {
    const { calls } = mockApi({ ...signedOut, 'GET /api/announcements': { body: list } });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    await screen.findByText('2 elan tapıldı');
    await user.type(screen.getByRole('searchbox', { name: 'Axtarış' }), 'pulqabı{Enter}');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        `/api/announcements?search=${encodeURIComponent('pulqabı')}&limit=24`,
      ),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kateqoriya' }), 'bags');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        `/api/announcements?search=${encodeURIComponent('pulqabı')}&category=bags&limit=24`,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Bütün elanları göstər' }));
    expect(screen.getByRole('searchbox', { name: 'Axtarış' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Kateqoriya' })).toHaveValue('all');
  });

  it('the search button searches too; an empty search and "all" send no filter parameters', async () => {
    const { calls } = mockApi({ ...signedOut, 'GET /api/announcements': { body: list } });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    await screen.findByText('2 elan tapıldı');
    expect(calls.filter((c) => c.url.startsWith('/api/announcements'))[0]!.url).toBe(
      '/api/announcements?limit=24',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Axtarış' }), 'açar');
    await user.click(screen.getByRole('button', { name: 'Axtar' }));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        `/api/announcements?search=${encodeURIComponent('açar')}&limit=24`,
      ),
    );
  });

  it('the rewards-only toggle (off by default) filters on the server and shows the count badge', async () => {
    const { calls } = mockApi({
      ...signedOut,
      'GET /api/announcements': ({ url }) =>
        url.includes('rewards=1')
          ? { body: [list[0]], headers: { 'X-Total-Count': '1' } }
          : { body: list, headers: { 'X-Total-Count': '2' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    await screen.findByText('2 elan tapıldı');
    const toggle = screen.getByRole('switch', { name: 'Yalnız mükafatlı elanlar' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByLabelText('1 mükafatlı elan')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(await screen.findByLabelText('1 mükafatlı elan')).toHaveTextContent('1');
    expect(await screen.findByText('1 elan tapıldı')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('announcement-card')).toHaveLength(1));
    expect(calls.map((c) => c.url)).toContain('/api/announcements?rewards=1&limit=24');
  });

  it("counts every match from X-Total-Count and loads the next page with 'Daha çox göstər'", async () => {
    const next = '/api/announcements?limit=24&cursor=abc';
    mockApi({
      ...signedOut,
      'GET /api/announcements?limit=24': {
        body: [list[0]],
        headers: { 'X-Total-Count': '2', Link: `<${next}>; rel="next"` },
      },
      [`GET ${next}`]: { body: [list[1]], headers: { 'X-Total-Count': '2' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('2 elan tapıldı')).toBeInTheDocument();
    expect(await screen.findAllByTestId('announcement-card')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Daha çox göstər' }));
    await waitFor(() => expect(screen.getAllByTestId('announcement-card')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Daha çox göstər' })).not.toBeInTheDocument();
  });

  it('reads the filters from the URL and keeps them there', async () => {
    const { calls } = mockApi({ ...signedOut, 'GET /api/announcements': { body: [list[0]] } });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />, {
      route: `/?q=${encodeURIComponent('pulqabı')}&category=bags&rewards=1`,
    });
    await screen.findByText('1 elan tapıldı');
    expect(calls.map((c) => c.url)).toContain(
      `/api/announcements?search=${encodeURIComponent('pulqabı')}&category=bags&rewards=1&limit=24`,
    );
    expect(screen.getByRole('searchbox', { name: 'Axtarış' })).toHaveValue('pulqabı');
    expect(screen.getByRole('combobox', { name: 'Kateqoriya' })).toHaveValue('bags');
    expect(screen.getByRole('switch', { name: 'Yalnız mükafatlı elanlar' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Bütün elanları göstər' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("a visitor's click on a card opens the login modal", async () => {
    mockApi({ ...signedOut, 'GET /api/announcements': { body: list } });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    const [card] = await screen.findAllByTestId('announcement-card');
    await user.click(card!);
    const dialog = await screen.findByRole('dialog', { name: 'Daxil ol' });
    expect(within(dialog).getByLabelText('E-poçt və ya istifadəçi adı')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Məni xatırla' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Qeydiyyatdan keçin' })).toHaveAttribute(
      'href',
      '/auth?tab=register',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('logging in through the modal closes it and welcomes the user', async () => {
    mockApi({
      ...signedOut,
      'GET /api/announcements': { body: list },
      'POST /api/login': { body: testUser },
    });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    const [card] = await screen.findAllByTestId('announcement-card');
    await user.click(card!);
    const dialog = await screen.findByRole('dialog', { name: 'Daxil ol' });
    await user.type(within(dialog).getByLabelText('E-poçt və ya istifadəçi adı'), 'aysel');
    await user.type(within(dialog).getByLabelText('Şifrə'), 'sirr12345');
    await user.click(within(dialog).getByRole('button', { name: 'Daxil ol' }));
    expect(await screen.findByText('Uğurla daxil oldunuz')).toBeInTheDocument();
    expect(screen.getByText('Xoş gəlmisiniz, aysel!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Daxil ol' })).not.toBeInTheDocument());
  });

  it('a signed-in click opens the details with the contact info', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/announcements': { body: list },
      'GET /api/announcements/a1': {
        body: {
          ...list[0],
          description: 'Dəri pulqabı, içində sənədlər və bank kartları var idi. Tam mətn burada.',
          contactInfo: '+994551112233',
          userId: 'u2',
          isPublic: true,
          isActive: true,
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    const [card] = await screen.findAllByTestId('announcement-card');
    expect(within(card!).getByRole('button', { name: 'Ətraflı bax' })).toBeInTheDocument();
    await user.click(within(card!).getByRole('button', { name: 'Ətraflı bax' }));
    const dialog = await screen.findByRole('dialog', { name: 'Qara pulqabı itirilib' });
    expect(await within(dialog).findByText('+994551112233')).toBeInTheDocument();
    expect(within(dialog).getByText(/Tam mətn burada/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/announcements/a1')).toHaveLength(1);
  });
});
