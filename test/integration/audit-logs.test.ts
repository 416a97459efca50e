import { AUDIT_MESSAGES, type AuditLogEntry } from '@tapinti/contracts/audit-api';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';

type Row = AuditLogEntry;

describe.each(sharedPlatforms())('audit logs ($mode)', ({ url }) => {
  let admin: HttpClient;
  beforeAll(async () => {
    admin = await signInSuperAdmin(url);
  });

  /** The newest rows (the action just happened, so it is among them). */
  const newest = async (limit = 100): Promise<Row[]> => {
    const res = await admin.get(`/api/audit-logs?limit=${limit}`);
    expect(res.status).toBe(200);
    return res.body.items;
  };

  it('is for super admins only: 401 anonymous, 403 for a user', async () => {
    expect((await new HttpClient(url).get('/api/audit-logs')).status).toBe(401);
    const user = await registerUser(url, 'nosy');
    const res = await user.client.get('/api/audit-logs');
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
  });

  it('shows a row for a registration and for a login with actor, IP and time, within 2 s', async () => {
    const registeredAt = Date.now();
    const user = await registerUser(url, 'audited');
    const registered = await eventually(
      async () => {
        const row = (await newest()).find(
          (r) => r.action === 'auth.user.registered' && r.entityId === user.id,
        );
        expect(row).toBeDefined();
        return row!;
      },
      { timeoutMs: 2000 },
    );
    expect(registered).toMatchObject({ userId: user.id, username: user.username, entityType: 'user' });
    // The client address's keyed hash (issue 21), never the address.
    expect(registered.ipAddress).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Math.abs(Date.parse(registered.createdAt) - registeredAt)).toBeLessThan(2000);
    expect(JSON.stringify(registered)).not.toMatch(/argon2|Parol-12345/);

    const loggedInAt = Date.now();
    expect(
      (await user.client.post('/api/login', { username: user.email, password: user.password })).status,
    ).toBe(200);
    const login = await eventually(
      async () => {
        const row = (await newest()).find(
          (r) =>
            r.action === 'auth.user.logged-in' &&
            r.userId === user.id &&
            Date.parse(r.createdAt) >= loggedInAt - 50,
        );
        expect(row).toBeDefined();
        return row!;
      },
      { timeoutMs: 2000 },
    );
    expect(login).toMatchObject({
      username: user.username,
      entityId: user.id,
      userAgent: expect.any(String),
    });
    expect(login.ipAddress).toBe(registered.ipAddress);
    expect(Math.abs(Date.parse(login.createdAt) - loggedInAt)).toBeLessThan(2000);
  });

  it('records failed logins and profile changes with before and after states', async () => {
    const user = await registerUser(url, 'changer');
    await new HttpClient(url).post('/api/login', { username: user.username, password: 'wrong-password' });
    const renamed = `${user.username}x`;
    expect(
      (await user.client.put('/api/profile', { username: renamed, email: user.email, phone: user.phone }))
        .status,
    ).toBe(200);
    await eventually(
      async () => {
        const rows = (await newest()).filter((r) => r.entityId === user.id);
        const failed = rows.find((r) => r.action === 'auth.user.login-failed');
        const updated = rows.find((r) => r.action === 'auth.user.profile-updated');
        expect(failed?.afterState).toMatchObject({ reason: 'wrong-password' });
        expect(updated).toMatchObject({
          userId: user.id,
          username: renamed,
          beforeState: { username: user.username },
          afterState: { username: renamed },
        });
      },
      { timeoutMs: 2000 },
    );
  });

  it('pages newest first, 10 by default, and filters by date', async () => {
    await registerUser(url, 'pager');
    const first = await admin.get('/api/audit-logs');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ limit: 10, offset: 0, total: expect.any(Number) });
    expect(first.body.items.length).toBeLessThanOrEqual(10);
    const times = first.body.items.map((r: Row) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Object.keys(first.body.items[0]).sort()).toEqual(
      [
        'action',
        'afterState',
        'beforeState',
        'createdAt',
        'entityId',
        'entityType',
        'id',
        'ipAddress',
        'organizationId',
        'source',
        'userAgent',
        'userId',
        'username',
      ].sort(),
    );

    const page2 = await admin.get('/api/audit-logs?limit=2&page=2');
    expect(page2.body).toMatchObject({ limit: 2, offset: 2 });
    const future = await admin.get('/api/audit-logs?fromDate=2999-01-01');
    expect(future.body).toMatchObject({ items: [], total: 0 });
    const today = new Date().toISOString().slice(0, 10);
    const todays = await admin.get(`/api/audit-logs?fromDate=${today}&toDate=${today}`);
    expect(todays.status).toBe(200);
    expect(todays.body.total).toBeGreaterThan(0);
    const byOrg = await admin.get('/api/audit-logs?organizationId=0b7b6a9e-3c55-4d8e-9a37-6a3c9e2f1b22');
    expect(byOrg.body.total).toBe(0);
  });

  it('refuses bad filters with 400 and an Azerbaijani message', async () => {
    const cases: Array<[string, string]> = [
      ['fromDate=yesterday', AUDIT_MESSAGES.date],
      ['toDate=2025-02-30T25:00:00Z', AUDIT_MESSAGES.date],
      ['fromDate=2025-08-26&toDate=2025-08-25', AUDIT_MESSAGES.dateRange],
      ['organizationId=1%27%20or%201%3D1', AUDIT_MESSAGES.organizationId],
      ['limit=1000', AUDIT_MESSAGES.limit],
    ];
    for (const [query, message] of cases) {
      const res = await admin.get(`/api/audit-logs?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});
