import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import type { VenueSummary } from '@tapinti/contracts/venue-summary';
import type { VenuePage } from '@tapinti/contracts/venues-api';
import { AnnouncementCard } from '../../features/announcements/components/announcement-card';
import { LANGUAGE_STORAGE_KEY } from '../../lib/i18n';
import { announcement, mockApi, myAnnouncement, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { AppRoutes } from '../router';

const ORG = '55555555-5555-4555-8555-555555555555';
const ITEM = '66666666-6666-4666-8666-666666666666';

const summary: VenueSummary = {
  organizationId: ORG,
  slug: 'genclik-mall',
  name: 'Gənclik Mall',
  type: 'mall',
  answerDeadlineHours: 24,
  medianFirstAnswerMinutes: 95,
};

const page: VenuePage = {
  ...summary,
  type: 'mall',
  address: 'Fətəli Xan Xoyski 14, Bakı',
  workingHours: { days: [1, 2, 3, 4, 5], opensAt: '10:00', closesAt: '22:00' },
  pickupInstructions: 'Məlumat masasında, şəxsiyyət vəsiqəsi ilə',
  verified: true,
  plan: 'pro',
  scorecard: {
    windowDays: 90,
    claims: 4,
    medianFirstAnswerMinutes: 95,
    answeredWithinDeadlinePercent: 75,
    missedDeadlines: 1,
    itemsReturned: 3,
  },
  items: [
    {
      id: ITEM,
      title: 'Qara çətir',
      category: 'other',
      location: 'Gənclik Mall, 2-ci mərtəbə',
      imageUrl: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

const signedOut = { 'GET /api/user': { status: 401, body: {} } };

describe('the venue page /t/:slug (issue 26)', () => {
  afterEach(() => localStorage.clear());

  it('shows the venue, its verified badge, hours, pickup, scorecard and items', async () => {
    mockApi({ ...signedOut, 'GET /api/venues/genclik-mall': { body: page } });
    renderWithProviders(<AppRoutes />, { route: '/t/genclik-mall' });
    expect(await screen.findByRole('heading', { name: 'Gənclik Mall', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Təsdiqlənmiş məkan')).toBeInTheDocument();
    expect(screen.getByText('Ticarət mərkəzi')).toBeInTheDocument();
    expect(screen.getByText('Bu məkan adətən 2 saat ərzində cavab verir')).toBeInTheDocument();
    const facts = screen.getByLabelText('Məkan haqqında');
    expect(within(facts).getByText('Fətəli Xan Xoyski 14, Bakı')).toBeInTheDocument();
    expect(within(facts).getByText('B.e., Ç.a., Ç., C.a., C. · 10:00–22:00')).toBeInTheDocument();
    expect(within(facts).getByText('Məlumat masasında, şəxsiyyət vəsiqəsi ilə')).toBeInTheDocument();
    const scores = screen.getByRole('region', { name: 'Son 90 gün' });
    expect(within(scores).getByText('75%')).toBeInTheDocument();
    expect(within(scores).getByText('3')).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Bu məkanda tapılan əşyalar' });
    expect(within(items).getByRole('link', { name: 'Qara çətir' })).toHaveAttribute('href', `/elan/${ITEM}`);
    expect(document.title).toContain('Gənclik Mall');
  });

  it('says so for an unknown venue', async () => {
    mockApi({
      ...signedOut,
      'GET /api/venues/yoxdur': { status: 404, body: { message: 'Məkan tapılmadı' } },
    });
    renderWithProviders(<AppRoutes />, { route: '/t/yoxdur' });
    expect(await screen.findByText('Məkan tapılmadı')).toHaveAttribute('role', 'alert');
  });

  it('is in English and Russian too', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    mockApi({
      ...signedOut,
      'GET /api/venues/genclik-mall': { body: { ...page, medianFirstAnswerMinutes: null } },
    });
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/t/genclik-mall' });
    expect(await screen.findByText('Verified venue')).toBeInTheDocument();
    expect(screen.getByText('This venue must answer claims within 24 hours')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Items found at this venue' })).toBeInTheDocument();
    unmount();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ru');
    mockApi({ ...signedOut, 'GET /api/venues/genclik-mall': { body: page } });
    renderWithProviders(<AppRoutes />, { route: '/t/genclik-mall' });
    expect(await screen.findByText('Проверенное место')).toBeInTheDocument();
    expect(screen.getByText('Это место обычно отвечает в течение 2 ч')).toBeInTheDocument();
  });
});

describe("the venue page's contact: ask this venue about one's lost post (issue 26)", () => {
  const LOST = '88888888-8888-4888-8888-888888888888';
  const region = () => screen.findByRole('region', { name: 'Bu məkanda nəsə itirmisiniz?' });
  afterEach(() => localStorage.clear());

  it('asks a visitor to sign in first, and brings them back here', async () => {
    mockApi({ ...signedOut, 'GET /api/venues/genclik-mall': { body: page } });
    renderWithProviders(<AppRoutes />, { route: '/t/genclik-mall' });
    const link = await within(await region()).findByRole('link', { name: 'Daxil olun və soruşun' });
    expect(link).toHaveAttribute('href', '/auth');
  });

  it('offers a signed-in person without an open lost post to post one first', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/venues/genclik-mall': { body: page },
      'GET /api/announcements/my': { body: [myAnnouncement({ type: 'found' })] },
    });
    renderWithProviders(<AppRoutes />, { route: '/t/genclik-mall' });
    const link = await within(await region()).findByRole('link', {
      name: 'Əvvəlcə itirilmiş əşya elanı yerləşdirin',
    });
    expect(link).toHaveAttribute('href', '/create?type=lost');
  });

  it('asks the venue about the chosen lost post, then links the post where the answer will show', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/venues/genclik-mall': { body: page },
      'GET /api/announcements/my': {
        body: [
          myAnnouncement({ type: 'found', title: 'Tapılmış açar' }),
          myAnnouncement({ id: LOST, type: 'lost', title: 'Qara pulqabı' }),
        ],
      },
      'POST /api/venue-checks': { status: 201, body: { announcementId: LOST, venuesLeft: 9, checks: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/t/genclik-mall' });
    const contact = await region();
    const choice = await within(contact).findByLabelText('İtirilmiş əşya elanınız');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Qara pulqabı']);
    await user.click(within(contact).getByRole('button', { name: 'Bu məkandan soruş' }));
    expect(await within(contact).findByRole('status')).toHaveTextContent(
      'Soruşuldu. Cavabı elanınızın səhifəsində görəcəksiniz.',
    );
    expect(within(contact).getByRole('link', { name: 'Elana keçin' })).toHaveAttribute(
      'href',
      `/elan/${LOST}`,
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      announcementId: LOST,
      organizationIds: [ORG],
    });
  });

  it("shows the server's refusal in the visitor's language", async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/venues/genclik-mall': { body: page },
      'GET /api/announcements/my': { body: [myAnnouncement({ id: LOST, type: 'lost' })] },
      'POST /api/venue-checks': {
        status: 409,
        body: { message: 'Bu elan üçün seçilən məkandan artıq soruşmusunuz' },
      },
    });
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/t/genclik-mall' });
    const contact = await screen.findByRole('region', { name: 'Lost something here?' });
    await user.click(await within(contact).findByRole('button', { name: 'Ask this venue' }));
    const alert = await within(contact).findByRole('alert');
    expect(alert.textContent).not.toContain('artıq soruşmusunuz');
  });
});

describe("an organisation's item card (issue 26)", () => {
  it("names the venue, links its page and carries the badge; a person's post keeps the spec's label", async () => {
    mockApi({ 'GET /api/venues': { body: [summary] } });
    const onOpen = jest.fn();
    const user = userEvent.setup();
    const venueItem = announcement({ id: ITEM, organizationId: ORG, title: 'Qara çətir' });
    const personal = announcement({ id: '77777777-7777-4777-8777-777777777777', title: 'Açar' });
    renderWithProviders(
      <>
        <AnnouncementCard announcement={venueItem as PublicAnnouncement} signedIn onOpen={onOpen} />
        <AnnouncementCard announcement={personal as PublicAnnouncement} signedIn onOpen={onOpen} />
      </>,
    );
    const link = await screen.findByRole('link', { name: 'Gənclik Mall' });
    expect(link).toHaveAttribute('href', '/t/genclik-mall');
    expect(screen.getAllByText('Təsdiqlənmiş məkan')).toHaveLength(1);
    expect(screen.getAllByText('Tapıntı istifadəçisi')).toHaveLength(1);
    // The link opens the page, not the card's details.
    await user.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/t/genclik-mall'));
    expect(onOpen).not.toHaveBeenCalled();
  });
});
