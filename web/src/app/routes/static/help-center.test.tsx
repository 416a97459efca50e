import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '../../../lib/i18n';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AppRoutes } from '../../router';

const signedOut = { 'GET /api/user': { status: 401, body: {} } };

const CATEGORIES = {
  Başlanğıc: ['Qeydiyyat', 'Hesaba daxil olmaq', 'Profili yeniləmək', 'Platforma ilə tanışlıq'],
  'Elan yerləşdirmək': [
    'İtirilmiş əşya elanı',
    'Tapılmış əşya elanı',
    'Şəkil əlavə etmək',
    'Mükafat təklif etmək',
  ],
  'Axtarış və tapmaq': [
    'Elanlarda axtarış',
    'Kateqoriya filtri',
    'Mükafatlı elanlar',
    'Elanın təfərrüatları',
  ],
  Təhlükəsizlik: ['Saxtakarlıqdan qorunma', 'Təhlükəsiz görüş', 'Şəxsi məlumatlar', 'Şikayət etmək'],
};

async function openHelpCenter() {
  mockApi(signedOut);
  renderWithProviders(<AppRoutes />, { route: '/help-center' });
  await screen.findByRole('heading', { name: 'Yardım mərkəzi', level: 1 });
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Yardım mövzularında axtar' });
const results = () => screen.getByRole('region', { name: 'Axtarış nəticələri' });

describe('help centre', () => {
  it('links each of the 16 articles and the 5 popular questions to a page of its own', async () => {
    await openHelpCenter();
    for (const [category, titles] of Object.entries(CATEGORIES)) {
      const panel = screen.getByRole('heading', { name: category }).closest('section')!;
      const links = within(panel).getAllByRole('link');
      expect(links.map((l) => l.textContent)).toEqual(titles);
      for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/help-center\/[a-z-]+$/);
    }
    const popular = within(screen.getByRole('region', { name: 'Populyar məqalələr' }));
    expect(popular.getByRole('link', { name: 'Şifrəmi unutmuşam, nə edim?' })).toHaveAttribute(
      'href',
      '/help-center/hesaba-daxil-olmaq',
    );
    expect(popular.getByText(/12\.5K baxış/)).toBeInTheDocument();
    expect(popular.getAllByRole('link')).toHaveLength(5);
  });

  it('opens an article with its content and a way back', async () => {
    await openHelpCenter();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Təhlükəsiz görüş' }));
    expect(await screen.findByRole('heading', { name: 'Təhlükəsiz görüş', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/help-center/tehlukesiz-gorus');
    const article = screen.getByRole('article', { name: 'Təhlükəsiz görüş' });
    expect(within(article).getByRole('heading', { name: 'Təhvil məntəqələri' })).toBeInTheDocument();
    expect(within(article).getByText(/6 rəqəmli təhvil kodunu/)).toBeInTheDocument();
    // The other articles of its category, and back to the centre.
    expect(screen.getByRole('link', { name: 'Saxtakarlıqdan qorunma' })).toHaveAttribute(
      'href',
      '/help-center/saxtakarliqdan-qorunma',
    );
    await user.click(screen.getByRole('link', { name: /Yardım mərkəzinə qayıt/ }));
    expect(await screen.findByRole('heading', { name: 'Yardım mərkəzi', level: 1 })).toBeInTheDocument();
  });

  it('the claims and hand-over article explains the 6-digit code and never paying before', async () => {
    mockApi(signedOut);
    renderWithProviders(<AppRoutes />, { route: '/help-center/saxtakarliqdan-qorunma' });
    const article = await screen.findByRole('article', { name: 'Saxtakarlıqdan qorunma' });
    expect(
      within(article).getByText('Mükafatı heç vaxt əşyanı almazdan əvvəl ödəməyin.'),
    ).toBeInTheDocument();
    expect(within(article).getByText(/Moderatorlar riskli elanları yoxlayır/)).toBeInTheDocument();
  });

  it('an unknown article is the 404 page', async () => {
    mockApi(signedOut);
    renderWithProviders(<AppRoutes />, { route: '/help-center/no-such-article' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  const titlesShown = () =>
    within(results())
      .getAllByRole('link')
      .map((l) => l.textContent);

  it('the search box filters the articles as the visitor types, Azerbaijani letters folded', async () => {
    await openHelpCenter();
    const user = userEvent.setup();
    await user.type(searchBox(), 'ŞİFRƏ');
    expect(within(results()).getByText(/məqalə tapıldı/)).toBeInTheDocument();
    const titles = within(results())
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(titles).toEqual(expect.arrayContaining(['Qeydiyyat', 'Hesaba daxil olmaq']));
    expect(titles).not.toContain('Kateqoriya filtri');
    // The categories give way to the results while searching.
    expect(screen.queryByRole('heading', { name: 'Başlanğıc' })).not.toBeInTheDocument();

    // Typed without Azerbaijani letters and upper case the English way.
    await user.clear(searchBox());
    await user.type(searchBox(), 'PULQABI');
    expect(
      within(results())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(expect.arrayContaining(['Elanlarda axtarış', 'Kateqoriya filtri']));

    // Typed on a phone without ə, ş, ü (issue 24): the same folding as the announcement search.
    await user.clear(searchBox());
    await user.type(searchBox(), 'sifre');
    expect(titlesShown()).toEqual(expect.arrayContaining(['Qeydiyyat', 'Hesaba daxil olmaq']));
    await user.clear(searchBox());
    await user.type(searchBox(), 'mukafat');
    expect(titlesShown()).toEqual(expect.arrayContaining(['Mükafat təklif etmək']));

    await user.clear(searchBox());
    await user.type(searchBox(), 'təhvil kodu{Enter}');
    expect(within(results()).getByRole('link', { name: 'Təhlükəsiz görüş' })).toBeInTheDocument();

    await user.clear(searchBox());
    await user.type(searchBox(), 'kosmos gəmisi');
    expect(within(results()).getByText('Heç bir məqalə tapılmadı')).toBeInTheDocument();
    expect(within(results()).getByRole('link', { name: 'dəstək komandamıza' })).toHaveAttribute(
      'href',
      '/support',
    );

    await user.clear(searchBox());
    expect(screen.getByRole('heading', { name: 'Başlanğıc' })).toBeInTheDocument();
  });
});

describe('help centre in English and Russian', () => {
  afterEach(() => localStorage.clear());

  async function openIn(language: 'en' | 'ru', route: string, heading: string) {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    mockApi(signedOut);
    renderWithProviders(<AppRoutes />, { route });
    await screen.findByRole('heading', { name: heading, level: 1 });
  }

  const titlesFound = () =>
    within(screen.getByRole('region', { name: /Search results|Результаты поиска/ }))
      .getAllByRole('link')
      .map((l) => l.textContent);

  it('the headings, paragraphs and list items of an article are in the chosen language', async () => {
    await openIn('en', '/help-center/tehlukesiz-gorus', 'Meeting safely');
    const article = screen.getByRole('article', { name: 'Meeting safely' });
    expect(within(article).getByRole('heading', { name: 'Drop-off points' })).toBeInTheDocument();
    expect(within(article).getByText(/tells the finder the 6-digit handover code/)).toBeInTheDocument();
    expect(
      within(article).getByText('Do not share your home address or your personal documents.'),
    ).toBeInTheDocument();
    expect(within(article).queryByText(/təhvil kodu/)).not.toBeInTheDocument();
  });

  it('an open article follows a change of language without leaving the page', async () => {
    mockApi(signedOut);
    renderWithProviders(<AppRoutes />, { route: '/help-center/hesaba-daxil-olmaq' });
    await screen.findByRole('heading', { name: 'Hesaba daxil olmaq', level: 1 });
    await userEvent.setup().selectOptions(screen.getByTestId('language-select'), 'ru');
    const article = await screen.findByRole('article', { name: 'Вход в аккаунт' });
    expect(within(article).getByRole('heading', { name: 'Забыли пароль — что делать?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Регистрация' })).toHaveAttribute(
      'href',
      '/help-center/qeydiyyat',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/help-center/hesaba-daxil-olmaq');
  });

  it('the search looks in the texts as shown in English', async () => {
    await openIn('en', '/help-center', 'Help centre');
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search the help topics' });
    await user.type(box, 'WALLET');
    expect(titlesFound()).toEqual(expect.arrayContaining(['Searching announcements', 'Category filter']));
    await user.clear(box);
    await user.type(box, 'şifrə');
    expect(screen.getByText('No articles found')).toBeInTheDocument();
  });

  it('the search looks in the texts as shown in Russian, ё typed as е', async () => {
    await openIn('ru', '/help-center', 'Справочный центр');
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Поиск по темам справки' });
    await user.type(box, 'ПАРОЛЬ');
    expect(titlesFound()).toEqual(expect.arrayContaining(['Вход в аккаунт', 'Регистрация']));
    expect(titlesFound()).not.toContain('Фильтр по категории');
    await user.clear(box);
    await user.type(box, 'черный кошелек');
    expect(titlesFound()).toEqual(['Поиск по объявлениям']);
  });
});
