import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnnouncementDetails, PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import type {
  AnnouncementVenueChecks,
  OwnerVenueCheck,
  VenueCheckInboxItem,
} from '@tapinti/contracts/venue-checks-api';
import type { VenueSummary } from '@tapinti/contracts/venue-summary';
import { myAnnouncement } from '../../../test/mock-api';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { OwnerVenueChecks } from './owner-venue-checks';
import VenueCheckInbox from './venue-check-inbox';

const POST = '44444444-4444-4444-8444-444444444444';
const MALL_1 = 'a1111111-1111-4111-8111-111111111111';
const MALL_2 = 'a2222222-2222-4222-8222-222222222222';
const AIRPORT = 'a3333333-3333-4333-8333-333333333333';
const HOTEL = 'a4444444-4444-4444-8444-444444444444';
const CHECK = 'c1111111-1111-4111-8111-111111111111';
const ITEM = 'e1111111-1111-4111-8111-111111111111';
const OTHER_ITEM = 'e2222222-2222-4222-8222-222222222222';
const CLAIM = 'f1111111-1111-4111-8111-111111111111';

const nasimi = { id: 'd-nasimi', name: 'Nəsimi', nameEn: 'Nasimi', nameRu: 'Насими' };
const venue = (organizationId: string, name: string, type: string, district = nasimi): VenueSummary => ({
  organizationId,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  type,
  district,
  answerDeadlineHours: 48,
  medianFirstAnswerMinutes: null,
});
const VENUES = [
  venue(MALL_1, '28 Mall', 'mall'),
  venue(MALL_2, 'Dəniz Mall', 'mall', { id: 'd-sabail', name: 'Səbail', nameEn: 'Sabail', nameRu: 'Сабаил' }),
  venue(AIRPORT, 'Heydər Əliyev Hava Limanı', 'airport', {
    id: 'd-binagadi',
    name: 'Binəqədi',
    nameEn: 'Binagadi',
    nameRu: 'Бинагади',
  }),
  venue(HOTEL, 'Park Inn', 'hotel'),
];

const ownerCheck = (overrides: Partial<OwnerVenueCheck> = {}): OwnerVenueCheck => ({
  id: CHECK,
  organizationId: MALL_1,
  organizationName: '28 Mall',
  status: 'asked',
  askedAt: '2026-11-28T08:00:00.000Z',
  seenAt: null,
  answer: null,
  answeredAt: null,
  itemId: null,
  requestId: null,
  dueAt: '2026-11-30T08:00:00.000Z',
  overdue: false,
  ...overrides,
});
const checks = (list: OwnerVenueCheck[], venuesLeft = 10 - list.length): AnnouncementVenueChecks => ({
  announcementId: POST,
  venuesLeft,
  checks: list,
});

const lost = myAnnouncement({ id: POST, type: 'lost' }) as unknown as AnnouncementDetails;
const TYPES = { hotel: 'Otel', mall: 'Ticarət mərkəzi', airport: 'Hava limanı' };
const checksUrl = `/api/venue-checks?announcementId=${POST}`;
const claimPath = (id: string) => `/profile?request=${id}`;

describe('the owner asks venues (issue 26.1)', () => {
  it('shows each asked venue: asked, seen, «Tapdıq» with the claim, overdue', async () => {
    mockApi({
      [`GET ${checksUrl}`]: {
        body: checks([
          ownerCheck({ overdue: true }),
          ownerCheck({
            id: 'c2222222-2222-4222-8222-222222222222',
            organizationId: HOTEL,
            organizationName: 'Park Inn',
            status: 'answered',
            seenAt: '2026-11-28T09:00:00.000Z',
            answer: 'found',
            answeredAt: '2026-11-28T10:00:00.000Z',
            itemId: ITEM,
            requestId: CLAIM,
          }),
        ]),
      },
      'GET /api/venues': { body: VENUES },
    });
    renderWithProviders(<OwnerVenueChecks announcement={lost} claimPath={claimPath} venueTypes={TYPES} />);
    const rows = await screen.findAllByTestId('owner-venue-check');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Soruşulub');
    expect(rows[0]).toHaveTextContent('Cavab müddəti keçib');
    expect(within(rows[1]!).getByText('Tapdıq')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Müraciətə və yazışmaya bax' })).toHaveAttribute(
      'href',
      `/profile?request=${CLAIM}`,
    );
    expect(await within(rows[1]!).findByRole('link', { name: 'Park Inn' })).toHaveAttribute(
      'href',
      '/t/park-inn',
    );
  });

  it('picks all malls of a district at once and asks them; the list follows', async () => {
    const { calls } = mockApi({
      [`GET ${checksUrl}`]: { body: checks([]) },
      'GET /api/venues': { body: VENUES },
      'POST /api/venue-checks': {
        status: 201,
        body: checks([ownerCheck()]),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OwnerVenueChecks announcement={lost} claimPath={claimPath} venueTypes={TYPES} />);
    await user.click(await screen.findByRole('button', { name: 'Məkanlardan soruş' }));
    const dialog = await screen.findByRole('dialog', { name: 'Məkanlardan soruş' });
    await user.selectOptions(await within(dialog).findByLabelText('Məkanın növü'), 'mall');
    await user.selectOptions(within(dialog).getByLabelText('Rayon'), 'd-nasimi');
    const shown = within(dialog).getAllByRole('checkbox');
    expect(shown).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Göstərilənlərin hamısını seç' }));
    expect(within(dialog).getByRole('checkbox', { name: /28 Mall/ })).toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Seçilib: 1 / 10');
    await user.click(within(dialog).getByRole('button', { name: 'Göndər (1)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      announcementId: POST,
      organizationIds: [MALL_1],
    });
    expect(await screen.findByTestId('owner-venue-check')).toHaveTextContent('28 Mall');
  });

  it('finds a venue by its name typed without Azerbaijani letters; asked ones stay unchosen; the limit holds', async () => {
    mockApi({
      [`GET ${checksUrl}`]: { body: checks([ownerCheck()], 1) },
      'GET /api/venues': { body: VENUES },
    });
    const user = userEvent.setup();
    renderWithProviders(<OwnerVenueChecks announcement={lost} claimPath={claimPath} venueTypes={TYPES} />);
    await user.click(await screen.findByRole('button', { name: 'Məkanlardan soruş' }));
    const dialog = await screen.findByRole('dialog', { name: 'Məkanlardan soruş' });
    expect(await within(dialog).findByRole('checkbox', { name: /28 Mall/ })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Məkanın adı'), 'deniz');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(dialog).getByRole('checkbox', { name: /Dəniz Mall/ }));
    await user.clear(within(dialog).getByLabelText('Məkanın adı'));
    // One venue left for this announcement: the others cannot be chosen now.
    expect(within(dialog).getByRole('checkbox', { name: /Park Inn/ })).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Seçilib: 1 / 1');
  });

  it('shows the server’s refusal (a rate limit) in the dialog', async () => {
    mockApi({
      [`GET ${checksUrl}`]: { body: checks([]) },
      'GET /api/venues': { body: VENUES },
      'POST /api/venue-checks': {
        status: 429,
        body: { message: 'Eyni məkandan bir həftə ərzində ən çox 3 dəfə soruşmaq olar' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OwnerVenueChecks announcement={lost} claimPath={claimPath} venueTypes={TYPES} />);
    await user.click(await screen.findByRole('button', { name: 'Məkanlardan soruş' }));
    const dialog = await screen.findByRole('dialog', { name: 'Məkanlardan soruş' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Park Inn/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Göndər (1)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ən çox 3 dəfə');
  });

  it('offers no ask on a closed announcement, but still shows the answers', async () => {
    mockApi({
      [`GET ${checksUrl}`]: { body: checks([ownerCheck()]) },
      'GET /api/venues': { body: VENUES },
    });
    renderWithProviders(
      <OwnerVenueChecks
        announcement={{ ...lost, status: 'resolved' }}
        claimPath={claimPath}
        venueTypes={TYPES}
      />,
    );
    expect(await screen.findByTestId('owner-venue-check')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Məkanlardan soruş' })).not.toBeInTheDocument();
  });
});

const inboxItem = (overrides: Partial<VenueCheckInboxItem> = {}): VenueCheckInboxItem => ({
  id: CHECK,
  announcementId: POST,
  organizationId: MALL_1,
  announcementTitle: 'Qara pulqabı itirilib',
  announcementStatus: 'open',
  status: 'asked',
  askedAt: '2026-11-28T08:00:00.000Z',
  seenAt: null,
  answer: null,
  answeredAt: null,
  itemId: null,
  requestId: null,
  dueAt: '2026-11-30T08:00:00.000Z',
  overdue: false,
  ...overrides,
});
const lostPost = {
  id: POST,
  type: 'lost',
  title: 'Qara pulqabı itirilib',
  description: 'Dəri pulqabı',
  location: '28 Mall, 2-ci mərtəbə',
  category: 'bags',
  roomNumber: null,
  imageUrl: null,
  rewardAmount: 0,
  rewardDescription: null,
  status: 'open',
  organizationId: null,
  createdAt: '2026-11-27T10:00:00.000Z',
} as PublicAnnouncement;
const candidate = {
  ...lostPost,
  id: ITEM,
  type: 'found',
  title: 'Qara dəri pulqabı',
  organizationId: MALL_1,
};
const inboxUrl = `/api/organizations/${MALL_1}/venue-checks`;
const candidatesUrl = `/api/announcements/${POST}/venue-checks/${MALL_1}`;
const parts = {
  items: [
    { id: ITEM, title: 'Qara dəri pulqabı', type: 'found', status: 'open', isActive: true },
    { id: OTHER_ITEM, title: 'Göy çətir', type: 'found', status: 'open', isActive: true },
    {
      id: 'e3333333-3333-4333-8333-333333333333',
      title: 'Köhnə',
      type: 'found',
      status: 'archived',
      isActive: true,
    },
  ],
  lostPost: (a: PublicAnnouncement) => <h4>{a.title}</h4>,
  matchLabel: () => 'Çox oxşar',
};

describe("the venue's inbox (issue 26.1)", () => {
  it('opening a request marks it seen and shows the lost post with the candidates; «Tapdıq» sends the chosen item', async () => {
    const { calls } = mockApi({
      [`GET ${inboxUrl}`]: { body: [inboxItem()] },
      [`POST /api/venue-checks/${CHECK}/seen`]: {
        body: inboxItem({ status: 'seen', seenAt: '2026-11-28T09:00:00.000Z' }),
      },
      [`GET ${candidatesUrl}`]: {
        body: {
          announcement: lostPost,
          candidates: [{ announcement: candidate, score: 0.8, reasons: ['Eyni yer'] }],
        },
      },
      [`POST /api/venue-checks/${CHECK}/answer`]: {
        body: inboxItem({
          status: 'answered',
          answer: 'found',
          answeredAt: '2026-11-28T09:30:00.000Z',
          itemId: ITEM,
          requestId: CLAIM,
        }),
      },
      [`GET /api/organizations/${MALL_1}/requests`]: { body: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(<VenueCheckInbox organizationId={MALL_1} {...parts} />);
    const card = await screen.findByTestId('venue-check');
    expect(card).toHaveTextContent('Soruşulub');
    await user.click(within(card).getByRole('button', { name: 'Aç və cavab ver' }));
    await waitFor(() => expect(card).toHaveTextContent('Görülüb'));
    expect(calls.filter((c) => c.url.endsWith('/seen'))).toHaveLength(1);
    expect(
      await within(card).findByRole('heading', { name: 'Qara pulqabı itirilib', level: 4 }),
    ).toBeVisible();
    const choices = within(card).getAllByRole('radio');
    // The ranked candidate first, then the venue's other open found item; not the archived one.
    expect(choices).toHaveLength(2);
    expect(
      within(card).getByRole('radio', { name: /Qara dəri pulqabı.*Çox oxşar · Eyni yer/ }),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Tapdıq' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Tapılan əşyanın elanını seçin');
    await user.click(choices[0]!);
    await user.click(within(card).getByRole('button', { name: 'Tapdıq' }));
    expect(await within(card).findByTestId('venue-check-answer')).toHaveTextContent('Cavabınız: Tapdıq');
    expect(within(card).getByRole('link', { name: 'Sahibin müraciətinə bax' })).toHaveAttribute(
      'href',
      `/org-admin?request=${CLAIM}`,
    );
    expect(calls.find((c) => c.url.endsWith('/answer'))?.body).toEqual({ answer: 'found', itemId: ITEM });
  });

  it('a request a link names opens at once; «Burada yoxdur» answers it', async () => {
    const { calls } = mockApi({
      [`GET ${inboxUrl}`]: { body: [inboxItem({ status: 'seen', seenAt: '2026-11-28T09:00:00.000Z' })] },
      [`GET ${candidatesUrl}`]: { body: { announcement: lostPost, candidates: [] } },
      [`POST /api/venue-checks/${CHECK}/answer`]: {
        body: inboxItem({ status: 'answered', answer: 'not_here', answeredAt: '2026-11-28T09:30:00.000Z' }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<VenueCheckInbox organizationId={MALL_1} linkedId={CHECK} {...parts} />);
    const card = await screen.findByTestId('venue-check');
    expect(
      await within(card).findByText('Tapılmış əşyalarınız arasında buna oxşarı tapılmadı.'),
    ).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Burada yoxdur' }));
    expect(await within(card).findByTestId('venue-check-answer')).toHaveTextContent(
      'Cavabınız: Burada yoxdur',
    );
    expect(calls.some((c) => c.url.endsWith('/seen'))).toBe(false);
    expect(calls.find((c) => c.url.endsWith('/answer'))?.body).toEqual({ answer: 'not_here' });
  });

  it('says so when nobody has asked yet', async () => {
    mockApi({ [`GET ${inboxUrl}`]: { body: [] } });
    renderWithProviders(<VenueCheckInbox organizationId={MALL_1} {...parts} />);
    expect(await screen.findByText('Hələ heç kim bu məkandan itirdiyi əşyanı soruşmayıb.')).toBeVisible();
  });
});
