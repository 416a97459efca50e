import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  handledRequestFixture,
  IDS,
  organizationAnnouncementFixture,
  organizationFixture,
} from '../../test/fixtures';
import { mockApi, testUser, type MockReply } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import OrgAdminPage from './org-admin';

const orgAdmin = { ...testUser, role: 'org_admin', organizationId: IDS.organization };
const requestsUrl = `/api/organizations/${IDS.organization}/requests`;
const base = (extra: Record<string, MockReply> = {}): Record<string, MockReply> => ({
  'GET /api/user': { body: orgAdmin },
  [`GET /api/organizations/${IDS.organization}`]: { body: organizationFixture() },
  [`GET ${requestsUrl}`]: {
    body: [
      handledRequestFixture(),
      handledRequestFixture({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', status: 'resolved_claimed' }),
    ],
  },
  [`GET /api/organizations/${IDS.organization}/announcements`]: {
    body: [
      organizationAnnouncementFixture(),
      organizationAnnouncementFixture({ id: IDS.request, isPublic: false }),
    ],
  },
  'GET /api/requests/handovers': { body: [] },
  ...extra,
});

describe('/org-admin page', () => {
  it("without an organisation: 'Təşkilat məlumatı tapılmadı'", async () => {
    mockApi({ 'GET /api/user': { body: { ...orgAdmin, organizationId: null } } });
    renderWithProviders(<OrgAdminPage />);
    expect(await screen.findByText('Təşkilat məlumatı tapılmadı')).toBeInTheDocument();
  });

  it('admins get the «Heyət» tab; staff see the dashboard without it (issue 25)', async () => {
    mockApi(base());
    const { unmount } = renderWithProviders(<OrgAdminPage />);
    expect(await screen.findByRole('tab', { name: 'Heyət' })).toBeInTheDocument();
    unmount();
    mockApi(base({ 'GET /api/user': { body: { ...orgAdmin, role: 'org_staff' } } }));
    renderWithProviders(<OrgAdminPage />);
    expect(await screen.findByRole('tab', { name: 'Sorğular' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Heyət' })).not.toBeInTheDocument();
  });

  it('counters: pending requests, total announcements, resolved requests', async () => {
    mockApi(base());
    renderWithProviders(<OrgAdminPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hilton Baku' })).toBeInTheDocument();
    const counters = screen.getByLabelText('Göstəricilər');
    await waitFor(() =>
      expect(within(counters).getByText('Gözləyən sorğular').nextSibling).toHaveTextContent('1'),
    );
    expect(within(counters).getByText('Ümumi elanlar').nextSibling).toHaveTextContent('2');
    // The accepted claim awaits its hand-over code: not resolved yet.
    await waitFor(() =>
      expect(within(counters).getByText('Təhvil gözləyən sorğular').nextSibling).toHaveTextContent('1'),
    );
    expect(within(counters).getByText('Həll olunmuş sorğular').nextSibling).toHaveTextContent('0');
  });

  it('an accepted claim counts as resolved once its hand-over code was entered', async () => {
    const requestId = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    mockApi(
      base({
        'GET /api/requests/handovers': {
          body: [
            {
              requestId,
              announcementId: IDS.announcement,
              organizationId: IDS.organization,
              role: 'finder',
              state: 'handed_over',
              code: null,
              failedAttempts: 0,
              attemptsLeft: 5,
              issuedAt: '2026-11-20T10:00:00.000Z',
              handedOverAt: '2026-11-21T10:00:00.000Z',
              announcement: null,
            },
          ],
        },
      }),
    );
    renderWithProviders(<OrgAdminPage />);
    const counters = await screen.findByLabelText('Göstəricilər');
    await waitFor(() =>
      expect(within(counters).getByText('Həll olunmuş sorğular').nextSibling).toHaveTextContent('1'),
    );
    expect(within(counters).getByText('Təhvil gözləyən sorğular').nextSibling).toHaveTextContent('0');
    expect(await screen.findByText('Həll olundu: əşya təhvil verildi')).toBeInTheDocument();
  });

  it("updates a request: 'Sorğu statusu yeniləndi'", async () => {
    mockApi(
      base({
        [`PUT /api/requests/${IDS.request}`]: { body: handledRequestFixture({ status: 'contacted' }) },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<OrgAdminPage />);
    await user.click((await screen.findAllByRole('button', { name: 'Statusu yenilə' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Sorğunun statusunu yenilə' });
    await user.selectOptions(
      within(dialog).getByLabelText(/^Yeni status/, { selector: 'select' }),
      'contacted',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Sorğu statusu yeniləndi')).toBeInTheDocument();
  });

  it('the status filter asks the API for that status', async () => {
    const { calls } = mockApi(base({ [`GET ${requestsUrl}?status=resolved`]: { body: [] } }));
    const user = userEvent.setup();
    renderWithProviders(<OrgAdminPage />);
    await user.selectOptions(await screen.findByLabelText('Status', { selector: 'select' }), 'resolved');
    expect(await screen.findByText('Bu statusda sorğu yoxdur.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `${requestsUrl}?status=resolved`)).toBe(true);
  });

  it('the announcements tab shows room numbers and visibility', async () => {
    mockApi(base());
    const user = userEvent.setup();
    renderWithProviders(<OrgAdminPage />);
    await user.click(await screen.findByRole('tab', { name: 'Elanlar' }));
    const cards = await screen.findAllByTestId('organization-announcement');
    expect(within(cards[0]!).getByText('Otaq 204')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('İctimai')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Gizli')).toBeInTheDocument();
  });

  it('posts a found item for the organisation with a room number', async () => {
    const created = {
      ...organizationAnnouncementFixture({
        id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
        title: 'Açar dəsti tapıldı',
      }),
      createdAt: '2025-03-05T10:00:00.000Z',
    };
    const { calls } = mockApi(base({ 'POST /api/announcements': { status: 201, body: created } }));
    const user = userEvent.setup();
    renderWithProviders(<OrgAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Tapılmış əşya əlavə et' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tapılmış əşya əlavə et' });
    const f = (label: string) =>
      within(dialog).getByLabelText(new RegExp(`^${label}\\*?$`), { selector: 'input, textarea, select' });
    await user.selectOptions(
      await within(dialog).findByLabelText(/^Kateqoriya/, { selector: 'select' }, { timeout: 10_000 }),
      'keys',
    );
    await user.type(f('Başlıq'), 'Açar dəsti tapıldı');
    await user.type(f('Təsvir'), 'Üç açardan ibarət dəst, mavi brelokla, lobbidə tapıldı.');
    await user.type(f('Yer'), 'Hilton Baku, lobbi');
    await user.type(f('Otaq nömrəsi'), '204');
    await user.click(within(dialog).getByRole('button', { name: 'Elanı yerləşdir' }));
    expect(await screen.findByText('Elan yaradıldı')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ type: 'found', roomNumber: '204' });
    expect(await screen.findByRole('article', { name: 'Açar dəsti tapıldı' })).toBeInTheDocument();
  });

  it("a deactivated organisation's admin sees the server's message", async () => {
    mockApi({
      'GET /api/user': { body: orgAdmin },
      [`GET /api/organizations/${IDS.organization}`]: {
        status: 403,
        body: { message: 'Təşkilat deaktivdir' },
      },
      [`GET ${requestsUrl}`]: { status: 403, body: { message: 'Təşkilat deaktivdir' } },
      [`GET /api/organizations/${IDS.organization}/announcements`]: {
        status: 403,
        body: { message: 'Təşkilat deaktivdir' },
      },
    });
    renderWithProviders(<OrgAdminPage />);
    expect(await screen.findByText('Təşkilat deaktivdir')).toBeInTheDocument();
  });
  it("a notification's link opens «Soruşulanlar» at the owner's request, with the lost post as the app shows it (issue 26.1)", async () => {
    const check = 'c1111111-1111-4111-8111-111111111111';
    const lostPost = {
      id: IDS.announcement,
      type: 'lost',
      title: 'Qara pulqabı itirilib',
      description: 'Dəri pulqabı, içində sənədlər.',
      location: 'Hilton Baku, lobbi',
      category: 'bags',
      roomNumber: null,
      imageUrl: null,
      rewardAmount: 0,
      rewardDescription: null,
      status: 'open',
      organizationId: null,
      createdAt: '2026-11-27T10:00:00.000Z',
    };
    mockApi(
      base({
        [`GET /api/organizations/${IDS.organization}/venue-checks`]: {
          body: [
            {
              id: check,
              announcementId: IDS.announcement,
              organizationId: IDS.organization,
              announcementTitle: lostPost.title,
              announcementStatus: 'open',
              status: 'seen',
              askedAt: '2026-11-28T08:00:00.000Z',
              seenAt: '2026-11-28T08:30:00.000Z',
              answer: null,
              answeredAt: null,
              itemId: null,
              requestId: null,
              dueAt: '2026-11-30T08:00:00.000Z',
              overdue: false,
            },
          ],
        },
        [`GET /api/announcements/${IDS.announcement}/venue-checks/${IDS.organization}`]: {
          body: { announcement: lostPost, candidates: [] },
        },
      }),
    );
    renderWithProviders(<OrgAdminPage />, { route: `/org-admin?tab=venue-checks&check=${check}` });
    expect(await screen.findByRole('tab', { name: 'Soruşulanlar', selected: true })).toBeInTheDocument();
    const card = await screen.findByTestId('venue-check');
    expect(await within(card).findByText('Dəri pulqabı, içində sənədlər.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Burada yoxdur' })).toBeEnabled();
  });
});
