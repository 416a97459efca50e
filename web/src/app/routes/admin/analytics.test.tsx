import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeEventSource } from '../../../test/fake-event-source';
import {
  adminNotificationFixture,
  auditEntryFixture,
  IDS,
  kpisFixture,
  organizationFixture,
} from '../../../test/fixtures';
import { mockApi, testUser, type MockReply, type RecordedCall } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import AnalyticsPage from './analytics';

const superAdmin = { ...testUser, role: 'super_admin' };
const page = (n: number) => ({
  items: Array.from({ length: n }, (_, i) =>
    auditEntryFixture({ id: String(100 - i), action: `auth.user.registered`, username: `user${i}` }),
  ),
  total: 25,
  limit: n,
  offset: 0,
});

function routes(extra: Record<string, MockReply | ((call: RecordedCall) => MockReply)> = {}) {
  return {
    'GET /api/user': { body: superAdmin },
    'GET /api/analytics/kpis': { body: kpisFixture() },
    'GET /api/notifications/unread-count': { body: { count: 0 } },
    'GET /api/organizations': {
      body: [
        organizationFixture({ createdAt: new Date().toISOString() }),
        organizationFixture({
          createdAt: new Date().toISOString(),
          id: '12121212-1212-4212-8212-121212121212',
          name: 'Port Baku Mall',
          type: 'mall',
          isActive: false,
          subscription: {
            plan: 'pro',
            status: 'active',
            startDate: '2025-08-01',
            endDate: '2025-09-01',
            monthlyPrice: 99.99,
          },
        }),
      ],
    },
    'GET /api/audit-logs': () => ({ body: page(10) }),
    ...extra,
  };
}

describe('/admin analytics dashboard', () => {
  beforeEach(() => {
    FakeEventSource.install();
    localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('shows the KPI cards, the funnel rate (resolved / total, rounded) and the fixed overview figures', async () => {
    mockApi(routes());
    renderWithProviders(<AnalyticsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Analitika paneli' })).toBeInTheDocument();
    expect(await screen.findByTestId('kpi-organizations')).toHaveTextContent('4');
    expect(screen.getByTestId('kpi-announcements')).toHaveTextContent('20');
    expect(screen.getByTestId('kpi-requests')).toHaveTextContent('8');
    // 5 of 8 requests resolved: 62.5 % → 63 %.
    expect(screen.getByTestId('kpi-funnel')).toHaveTextContent('63%');
    expect(screen.getByTestId('funnel-rate')).toHaveTextContent('63%');
    for (const n of ['12', '8', '5']) expect(screen.getAllByText(n).length).toBeGreaterThan(0);
    for (const p of [75, 60, 85])
      expect(
        screen.getAllByRole('progressbar').some((b) => b.getAttribute('aria-valuenow') === String(p)),
      ).toBe(true);
  });

  it('shows the real counts beside the fixed weekly figures, labelled as such', async () => {
    mockApi(
      routes({
        'GET /api/applications': { body: [] },
        'GET /api/moderation/announcements': { body: [] },
        'GET /api/complaints': { body: [] },
      }),
    );
    renderWithProviders(<AnalyticsPage />);
    const week = screen.getByRole('region', { name: 'Bu həftə' });
    expect(within(week).getByText('Həftəlik göstəricilər sabit hesabat rəqəmləridir.')).toBeInTheDocument();
    expect(within(week).getByText('8')).toBeInTheDocument();
    // The moderation queue is empty: the fixed 8 stands beside the real 0.
    expect(await within(week).findByTestId('live-moderation')).toHaveTextContent('İndi: 0');
    expect(within(week).getByTestId('live-applications')).toHaveTextContent('İndi: 0');
    expect(within(week).getByTestId('live-complaints')).toHaveTextContent('İndi: 0');
  });

  it('the date filter changes the KPI figures (the server counts the range)', async () => {
    const { calls } = mockApi(
      routes({
        'GET /api/analytics/kpis': ({ url }) => ({
          body: url.includes('range=7d')
            ? kpisFixture({ organizations: { total: 1, active: 1, suspended: 0 } })
            : kpisFixture(),
        }),
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPage />);
    expect(await screen.findByTestId('kpi-organizations')).toHaveTextContent('4');
    expect(calls.some((c) => c.url === '/api/analytics/kpis?range=30d')).toBe(true);
    await user.selectOptions(screen.getByLabelText('Tarix aralığı', { selector: 'select' }), '7d');
    await waitFor(() => expect(screen.getByTestId('kpi-organizations')).toHaveTextContent('1'));
  });

  it('opens the tab and filters its URL names', async () => {
    const { calls } = mockApi(routes());
    renderWithProviders(<AnalyticsPage />, { route: '/admin?tab=audit&range=7d' });
    expect(screen.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Tarix aralığı', { selector: 'select' })).toHaveValue('7d');
    expect(await screen.findByTestId('audit-log')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/analytics/kpis?range=7d')).toBe(true);
  });

  it('has its eleven tabs, all with content', async () => {
    const none = { donated: 0, destroyed: 0, handed_to_police: 0, handed_to_asan: 0, transferred: 0 };
    const figures = {
      logged: 7,
      returned: 1,
      disposed: 3,
      disposedByWay: { ...none, donated: 3 },
      held: 3,
      returnRate: 0.25,
      medianDaysToReturn: 2,
    };
    mockApi(
      routes({
        'GET /api/inventory/reports': {
          body: {
            period: {
              from: '2026-11',
              to: '2026-11',
              startsAt: '2026-10-31T20:00:00.000Z',
              endsAt: '2026-11-30T20:00:00.000Z',
            },
            totals: figures,
            months: [{ month: '2026-11', ...figures }],
            categories: [{ category: 'bags', ...figures }],
            organizations: [
              {
                organizationId: '99999999-9999-4999-8999-999999999999',
                organizationName: 'Port Baku Mall',
                logged: 7,
                returned: 1,
                disposed: 3,
                held: 3,
                returnRate: 0.25,
              },
            ],
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPage />);
    const names = [
      'Ümumi baxış',
      'Təşkilatlar',
      'Elanlar',
      'Moderasiya',
      'Şikayətlər',
      'Sorğular',
      'Abunələr',
      'Büro hesabatları',
      'Bildirişlər',
      'Audit',
      'İxrac',
    ];
    const tabs = within(screen.getByRole('tablist', { name: 'Analitika bölmələri' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(names);
    await user.click(screen.getByRole('tab', { name: 'Təşkilatlar' }));
    expect(await screen.findByText('Port Baku Mall')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Abunələr' }));
    // Trial 49.99 + active 99.99.
    expect(await screen.findByTestId('monthly-revenue')).toHaveTextContent('149.98 AZN');
    await user.click(screen.getByRole('tab', { name: 'Büro hesabatları' }));
    const byOrganization = await screen.findByRole('table', { name: 'Təşkilatlar üzrə' });
    expect(
      within(byOrganization)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Port Baku Mall', '7', '1', '3', '3', '25%']);
    expect(screen.getByTestId('report-logged')).toHaveTextContent('7');
    expect(screen.getByRole('link', { name: 'CSV yüklə' })).toHaveAttribute(
      'href',
      '/api/inventory/reports/csv',
    );
    await user.click(screen.getByRole('tab', { name: 'İxrac' }));
    expect(screen.getAllByRole('button', { name: /Yüklə: .* \(CSV\)/ })).toHaveLength(4);
  });

  it('only the KPI query refetches, every 30 s', async () => {
    jest.useFakeTimers();
    const { calls } = mockApi(routes());
    renderWithProviders(<AnalyticsPage />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    const count = (url: string) => calls.filter((c) => c.url.startsWith(url)).length;
    expect(count('/api/analytics/kpis')).toBe(1);
    const others = calls.length - 1;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(29_000);
    });
    expect(count('/api/analytics/kpis')).toBe(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_100);
    });
    expect(count('/api/analytics/kpis')).toBe(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(30_000);
    });
    expect(count('/api/analytics/kpis')).toBe(3);
    expect(calls.length - count('/api/analytics/kpis')).toBe(others);
  });

  it('switches every text to English and Russian, and back', async () => {
    mockApi(routes());
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPage />);
    await user.click(screen.getByRole('button', { name: 'EN' }));
    // The English and Russian dictionaries of the site load on demand.
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Exports' })).toBeInTheDocument();
    expect(screen.getByLabelText('Date range', { selector: 'select' })).toBeInTheDocument();
    expect(screen.getByText('Return rate', { selector: 'dt' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'RU' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Панель аналитики' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Экспорт' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'AZ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analitika paneli' })).toBeInTheDocument();
  });

  it('the theme button turns the dark theme on and off', async () => {
    mockApi(routes());
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<AnalyticsPage />);
    const button = screen.getByRole('button', { name: 'Qaranlıq rejim' });
    expect(document.documentElement.dataset.theme).toBeUndefined();
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    unmount();
    // Leaving the dashboard leaves the rest of the site light.
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('the filter panel: 30d by default, the five ranges, the statuses of spec §2', async () => {
    mockApi(routes());
    renderWithProviders(<AnalyticsPage />);
    const range = screen.getByLabelText('Tarix aralığı', { selector: 'select' });
    expect(range).toHaveValue('30d');
    const values = (el: HTMLElement) =>
      within(el)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value);
    expect(values(range)).toEqual(['1d', '7d', '30d', '90d', 'all']);
    expect(values(screen.getByLabelText('Sorğu statusu', { selector: 'select' }))).toEqual([
      'all',
      'pending',
      'contacted',
      'resolved',
    ]);
    expect(values(screen.getByLabelText('Bildiriş statusu', { selector: 'select' }))).toEqual([
      'all',
      'sent',
      'pending',
      'failed',
    ]);
  });

  it('the notification button opens the inbox', async () => {
    mockApi(routes({ 'GET /api/notifications': { body: { items: [], nextBefore: null } } }));
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPage />);
    await user.click(await screen.findByRole('button', { name: 'Bildirişlər' }));
    expect(await screen.findByText('Hələ bildirişiniz yoxdur.')).toBeInTheDocument();
  });
});

describe('/admin audit tab', () => {
  beforeEach(() => {
    FakeEventSource.install();
    localStorage.clear();
  });

  it('shows the 10 latest entries (time, actor, action, entity) of the range; show more adds 10', async () => {
    const { calls } = mockApi(
      routes({
        'GET /api/audit-logs': (call: { url: string }) => ({
          body: page(new URL(call.url, 'http://x').searchParams.get('limit') === '20' ? 20 : 10),
        }),
      } as never),
    );
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPage />);
    await user.click(screen.getByRole('tab', { name: 'Audit' }));
    const table = await screen.findByTestId('audit-log');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Vaxt', 'İcraçı', 'Əməliyyat', 'Obyekt']);
    const first = calls.find((c) => c.url.startsWith('/api/audit-logs'))!;
    const query = new URL(first.url, 'http://x').searchParams;
    expect(query.get('limit')).toBe('10');
    // 30 days back by default.
    expect(Date.now() - Date.parse(query.get('fromDate')!)).toBeGreaterThan(29 * 24 * 3600 * 1000);
    await user.click(screen.getByRole('button', { name: 'Daha çox göstər' }));
    await waitFor(() => expect(within(screen.getByTestId('audit-log')).getAllByRole('row')).toHaveLength(21));
  });

  it('puts entries from the live stream on top at once', async () => {
    mockApi(routes());
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPage />);
    await user.click(screen.getByRole('tab', { name: 'Audit' }));
    await screen.findByTestId('audit-log');
    const source = FakeEventSource.all.find((s) => s.url === '/api/audit-logs/stream')!;
    expect(source).toBeDefined();
    act(() => source.open());
    expect(screen.getByTestId('audit-stream-status')).toHaveTextContent('Canlı');
    act(() =>
      source.emit(
        'audit',
        auditEntryFixture({
          id: '999',
          action: 'requests.request.filed',
          username: 'kamran',
          entityType: 'request',
          createdAt: new Date().toISOString(),
        }),
      ),
    );
    const rows = within(screen.getByTestId('audit-log')).getAllByRole('row');
    expect(rows).toHaveLength(11);
    // What happened, as a sentence (the event type only as its tooltip).
    expect(within(rows[1]!).getByText('Yeni müraciət göndərildi')).toHaveAttribute(
      'title',
      'requests.request.filed',
    );
    expect(within(rows[1]!).getByText('kamran')).toBeInTheDocument();
  });

  it('shows each action as a sentence in the chosen language, never the raw event code', async () => {
    mockApi(routes());
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPage />, { route: '/admin?tab=audit' });
    const log = await screen.findByTestId('audit-log');
    expect(within(log).getAllByText('Yeni istifadəçi qeydiyyatdan keçdi')).toHaveLength(10);
    expect(within(log).queryByText('auth.user.registered')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics dashboard' })).toBeInTheDocument();
    expect(within(screen.getByTestId('audit-log')).getAllByText('New user registered')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'RU' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Панель аналитики' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('audit-log')).getAllByText('Зарегистрирован новый пользователь'),
    ).toHaveLength(10);
  });

  it('a refused stream says it is unavailable', async () => {
    mockApi(routes());
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPage />);
    await user.click(screen.getByRole('tab', { name: 'Audit' }));
    await screen.findByTestId('audit-log');
    act(() => FakeEventSource.all.find((s) => s.url === '/api/audit-logs/stream')!.refuse());
    expect(screen.getByTestId('audit-stream-status')).toHaveTextContent('Canlı axın əlçatan deyil');
  });
});

describe('/admin notifications tab', () => {
  beforeEach(() => FakeEventSource.install());

  it('shows the stats and retries a failed e-mail', async () => {
    const failed = adminNotificationFixture();
    const { calls } = mockApi(
      routes({
        'GET /api/notifications/stats': { body: { sent: 7, pending: 2, failed: 1 } },
        'GET /api/notifications/admin': { body: { items: [failed], nextBefore: null } },
        [`POST /api/notifications/${IDS.notification}/retry`]: {
          body: { ...failed, status: 'pending' },
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPage />);
    await user.click(screen.getByRole('tab', { name: 'Bildirişlər' }));
    expect(await screen.findByTestId('notifications-sent')).toHaveTextContent('7');
    expect(screen.getByTestId('notifications-failed')).toHaveTextContent('1');
    const table = await screen.findByTestId('failed-notifications');
    await user.click(within(table).getByRole('button', { name: 'Yenidən göndər' }));
    expect(await screen.findByText('Bildiriş yenidən növbəyə qoyuldu')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/retry'))).toBe(true);
    expect(calls.some((c) => c.url.startsWith('/api/notifications/admin?range=30d&status=failed'))).toBe(
      true,
    );
  });
});
