import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName, type HttpResponse } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';

describe.each(sharedPlatforms())('analytics ($mode)', ({ url }) => {
  let admin: HttpClient;
  let user: TestUser;

  beforeAll(async () => {
    [admin, user] = await Promise.all([signInSuperAdmin(url), registerUser(url, 'analitika')]);
  });

  it('is for the super admin only: 401 signed out, 403 for users', async () => {
    const anonymous = new HttpClient(url);
    expect((await anonymous.get('/api/analytics/kpis')).status).toBe(401);
    expect((await anonymous.get('/api/search?q=abc')).status).toBe(401);
    expect((await user.client.get('/api/analytics/kpis')).status).toBe(403);
    expect((await user.client.get('/api/search?q=abc')).status).toBe(403);
  });

  it('answers KPIs in the contract shape', async () => {
    const res = await admin.get('/api/analytics/kpis');
    expect(res.status).toBe(200);
    const count = expect.any(Number);
    expect(res.body).toEqual({
      organizations: { total: count, active: count, suspended: count },
      announcements: { total: count, lost: count, found: count },
      requests: { total: count, pending: count, resolved: count, funnelRate: count },
    });
  });

  it('reflects a new announcement in the KPIs and the search within 2 s', async () => {
    const before = (await admin.get('/api/analytics/kpis')).body;
    const marker = uniqueName('kpi');
    const created = await user.client.post('/api/announcements', {
      type: 'lost',
      title: `Qızıl üzük ${marker}`,
      description: 'Toy mərasimində qızıl üzük itirilib, tapana mükafat',
      category: 'other',
      location: 'Şəki',
      rewardAmount: 100,
    });
    expect(created.status).toBe(201);
    await eventually(
      async () => {
        const kpis = (await admin.get('/api/analytics/kpis')).body;
        expect(kpis.announcements.total).toBeGreaterThanOrEqual(before.announcements.total + 1);
        expect(kpis.announcements.lost).toBeGreaterThanOrEqual(before.announcements.lost + 1);
        const search: HttpResponse = await admin.get(
          `/api/search?q=${encodeURIComponent(`QIZIL ÜZÜK ${marker.toUpperCase()}`)}`,
        );
        expect(search.status).toBe(200);
        expect(search.body.announcements.map((a: { id: string }) => a.id)).toEqual([created.body.id]);
      },
      { timeoutMs: 2000, intervalMs: 100 },
    );
  });

  it('counts the KPIs of the chosen date range, and lists the audit rows of one user', async () => {
    const created = await user.client.post('/api/announcements', {
      type: 'found',
      title: `Göy çətir ${uniqueName('aralıq')}`,
      description: 'Metroda göy çətir tapılıb, sahibi yaza bilər',
      category: 'other',
      location: 'Gənclik metrosu',
    });
    expect(created.status).toBe(201);
    await eventually(
      async () => {
        const all = (await admin.get('/api/analytics/kpis')).body;
        const day = await admin.get('/api/analytics/kpis?range=1d');
        expect(day.status).toBe(200);
        expect(day.body.announcements.found).toBeGreaterThanOrEqual(1);
        expect(day.body.announcements.total).toBeLessThanOrEqual(all.announcements.total);
        const rows = await admin.get(`/api/audit-logs?userId=${user.id}&limit=100`);
        expect(rows.status).toBe(200);
        expect(rows.body.items.length).toBeGreaterThan(0);
        expect(rows.body.items.every((r: { userId: string }) => r.userId === user.id)).toBe(true);
        expect(rows.body.items.map((r: { entityId: string }) => r.entityId)).toContain(created.body.id);
      },
      { timeoutMs: 5000, intervalMs: 100 },
    );
    const wrong = await admin.get('/api/analytics/kpis?range=yesterday');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Tarix aralığı 1d, 7d, 30d, 90d və ya all olmalıdır');
    expect((await admin.get('/api/audit-logs?userId=nope')).status).toBe(400);
  });

  it('searches users and limits each group to 3 results; 2 characters or fewer give empty lists', async () => {
    await eventually(
      async () => {
        const res = await admin.get(`/api/search?q=${user.username.toUpperCase()}&type=users`);
        expect(res.body.users).toEqual([
          { id: user.id, username: user.username, email: user.email, role: 'user' },
        ]);
        expect(res.body.announcements).toEqual([]);
        expect(res.body.organizations).toEqual([]);
      },
      { timeoutMs: 3000 },
    );
    const many = await admin.get('/api/search?q=example.az');
    expect(many.status).toBe(200);
    expect(many.body.users.length).toBeLessThanOrEqual(3);
    expect(many.body.announcements.length).toBeLessThanOrEqual(3);
    const short = await admin.get('/api/search?q=ab');
    expect(short.body).toEqual({ organizations: [], announcements: [], users: [] });
    expect((await admin.get('/api/search?q=abc&type=planets')).status).toBe(400);
  });
});
