import type { AuditLogEntry } from '@tapinti/contracts/audit-api';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { PASSWORD_MESSAGES } from '@tapinti/contracts/password-policy';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName, uniquePhone } from '../support/http-client';
import { sharedPlatforms, SUPER_ADMIN } from '../support/platform';

/** Digits only, so the base names below keep exactly the letters the look-alikes play with. */
const uniqueDigits = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

describe.each(sharedPlatforms())('account hardening ($mode)', ({ url }) => {
  const anon = new HttpClient(url);
  const register = (body: { username: string; email?: string; password?: string }) => {
    const email = body.email ?? `${uniqueName('acc')}@example.az`;
    const password = body.password ?? 'Parol-12345';
    return anon.post('/api/register', { email, password, confirmPassword: password, ...body });
  };

  describe('passwords', () => {
    it.each([
      ['password', PASSWORD_MESSAGES.common],
      ['12345678', PASSWORD_MESSAGES.common],
      ['baku1234', PASSWORD_MESSAGES.common],
      ['Qwerty123', PASSWORD_MESSAGES.common],
      ['short', PASSWORD_MESSAGES.tooShort],
    ])('refuses %s with its own message', async (password, message) => {
      const username = uniqueName('pw');
      const res = await register({ username, password });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, field: 'password' });
      // Nothing was created: the name is still free.
      expect((await register({ username })).status).toBe(201);
    });

    it('refuses the username itself, or a password holding it or the e-mail local part', async () => {
      const username = uniqueName('nurlan');
      const asUsername = await register({ username, password: username });
      expect(asUsername.status).toBe(400);
      expect(asUsername.body).toEqual({ message: PASSWORD_MESSAGES.containsUsername, field: 'password' });
      const holding = await register({ username, password: `Mənim-${username.toUpperCase()}-2025` });
      expect(holding.body.message).toBe(PASSWORD_MESSAGES.containsUsername);
      const local = uniqueName('sevda');
      const byEmail = await register({
        username,
        email: `${local}@example.az`,
        password: `x-${local}-77`,
      });
      expect(byEmail.status).toBe(400);
      expect(byEmail.body).toEqual({ message: PASSWORD_MESSAGES.containsEmail, field: 'password' });
    });
  });

  describe('usernames', () => {
    it("refuses 'ROOTADMIN', 'rootadmın' and 'rооtadmin' style look-alikes of a taken name (409)", async () => {
      const base = `rootbilim${uniqueDigits()}`;
      expect((await register({ username: base })).status).toBe(201);
      const lookAlikes = [
        base.toUpperCase(),
        base.replace(/i/g, 'ı'), // dotless ı
        base.replace(/o/g, 'о'), // Cyrillic о
        base.replace(/m/g, 'rn'),
        base.toUpperCase().replace(/I/g, 'İ'),
      ];
      for (const username of lookAlikes) {
        const res = await register({ username });
        expect([username, res.status, res.body]).toEqual([
          username,
          409,
          { message: AUTH_MESSAGES.usernameTaken, field: 'username' },
        ]);
      }
      // The profile cannot take one either.
      const other = await registerUser(url, 'lookalike');
      const renamed = await other.client.put('/api/profile', {
        username: base.replace(/o/g, '0'),
        email: other.email,
        phone: other.phone,
      });
      expect(renamed.status).toBe(409);
      expect(renamed.body.message).toBe(AUTH_MESSAGES.usernameTaken);
    });

    it('reserves names that imitate staff (400), while the seeded super admin still signs in', async () => {
      for (const username of [
        `RootAdmin${uniqueDigits()}`,
        `rооtadmin${uniqueDigits()}`,
        `tapıntı_${uniqueDigits()}`,
        `TAPINTI${uniqueDigits()}`,
        `moderator${uniqueDigits()}`,
        `sup.port${uniqueDigits()}`,
        'Administrator',
      ]) {
        const res = await register({ username });
        expect([username, res.status, res.body]).toEqual([
          username,
          400,
          { message: AUTH_MESSAGES.usernameReserved, field: 'username' },
        ]);
      }
      const user = await registerUser(url, 'staffish');
      const renamed = await user.client.put('/api/profile', {
        username: `${user.username}_admin`,
        email: user.email,
        phone: user.phone,
      });
      expect(renamed.status).toBe(400);
      expect(renamed.body).toEqual({ message: AUTH_MESSAGES.usernameReserved, field: 'username' });
      // SUPER_ADMIN.username ('superadmin') is a staff name: seeded all the same, and it signs in.
      const admin = await signInSuperAdmin(url);
      expect((await admin.get('/api/user')).body).toMatchObject({
        username: SUPER_ADMIN.username,
        role: 'super_admin',
      });
    });
  });

  describe('failed logins in the audit log', () => {
    it('keep an unknown identifier only as a keyed digest, a known one as typed', async () => {
      const admin = await signInSuperAdmin(url);
      const typed = `Sirr-${uniqueName('yanlis')}-Parol`;
      const phoneTyped = uniquePhone();
      expect((await anon.post('/api/login', { username: typed, password: 'whatever-1' })).status).toBe(401);
      expect((await anon.post('/api/login', { username: phoneTyped, password: 'whatever-1' })).status).toBe(
        401,
      );
      // 63 characters and an emoji: once cut inside the surrogate pair (a 500); never kept now.
      const cutAt64 = `${'q'.repeat(63)}😀`;
      const emoji = await anon.post('/api/login', { username: cutAt64, password: 'whatever-1' });
      expect(emoji.status).toBe(401);
      expect(emoji.body.message).toBe(AUTH_MESSAGES.wrongCredentials);
      const user = await registerUser(url, 'auditfail');
      expect(
        (await anon.post('/api/login', { username: user.username, password: 'wrong-pass' })).status,
      ).toBe(401);

      await eventually(
        async () => {
          const res = await admin.get('/api/audit-logs?limit=100');
          expect(res.status).toBe(200);
          const rows: AuditLogEntry[] = res.body.items;
          const failed = rows.filter((r) => r.action === 'auth.user.login-failed');
          const serialized = JSON.stringify(rows);
          expect(serialized).not.toContain(typed);
          expect(serialized).not.toContain(phoneTyped);
          expect(serialized).not.toContain('q'.repeat(63));
          const unknown = failed.filter(
            (r) => (r.afterState as { reason?: string }).reason === 'unknown-identifier',
          );
          const digests = unknown.map(
            (r) => (r.afterState as { identifierDigest?: string }).identifierDigest,
          );
          const ofTyped = unknown.find(
            (r) =>
              (r.afterState as { method?: string }).method === 'username' && r.entityId?.startsWith('login-'),
          );
          expect(ofTyped?.afterState).toMatchObject({
            userId: null,
            identifier: null,
            identifierDigest: expect.stringMatching(/^[0-9a-f]{32}$/),
          });
          expect(digests.length).toBeGreaterThanOrEqual(2);
          const known = failed.find((r) => r.entityId === user.id);
          expect(known?.afterState).toMatchObject({
            userId: user.id,
            identifier: user.username,
            reason: 'wrong-password',
          });
        },
        { timeoutMs: 5000 },
      );
    });
  });

  describe('/readyz', () => {
    it('answers the public only its status', async () => {
      const res = await anon.get('/readyz');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ready' });
    });
  });
});
