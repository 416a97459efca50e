import fs from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { signToken, verifyToken } from '@tapinti/platform/signed-token';
import { allAuditRows, registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { linkTokenMailedTo, mailboxOf, NEW_DEVICE_SUBJECT } from '../support/mailbox';
import { rulesModes, startPlatform, type Platform } from '../support/platform';
import { notificationsOf } from '../support/notifications';

const NEW_PASSWORD = 'Yeni-Parol-2468';
/** Deleted accounts are purged 3 s after deletion (30 days in production), looked for every second. */
const PURGE_AFTER_MS = 3000;

/** The SMS the file adapter wrote to `phone` (DATA_DIR/sms), oldest first. */
function smsTo(platform: Platform, phone: string): string[] {
  const dir = path.join(platform.env.DATA_DIR!, 'sms');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sms'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string })
    .filter((m) => m.to === phone)
    .map((m) => m.text);
}

const signIn = async (platform: Platform, user: Pick<TestUser, 'username'>, password: string) => {
  const client = new HttpClient(platform.url);
  const res = await client.post('/api/login', { username: user.username, password });
  return { client, res };
};

type Listed = { id: string; authorVerified?: boolean };
const listed = (body: unknown): Listed[] =>
  Array.isArray(body) ? body : ((body as { items: Listed[] }).items ?? []);

// One platform per mode, with a short purge delay (the only setting these tests change).
describe.each(rulesModes())('verified accounts, password reset, sessions, deletion (%s)', (mode) => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform(mode, {
      env: { ACCOUNT_PURGE_AFTER_MS: String(PURGE_AFTER_MS), ACCOUNT_PURGE_CHECK_EVERY_MS: '1000' },
    });
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('verifies the e-mail by the link of the e-mail sent after registration: once, and again after an e-mail change', async () => {
    const user = await registerUser(platform.url, 'verify');
    expect((await user.client.get('/api/account/status')).body).toEqual({
      emailVerified: false,
      phone: user.phone,
      phoneVerified: false,
    });
    const token = await linkTokenMailedTo(platform, user.email, '/verify-email');
    // The author label's badge (issue 15): unverified authors' announcements have none.
    const created = await user.client.post('/api/announcements', {
      type: 'found',
      title: 'Açar dəsti tapıldı',
      description: 'Parkda skamyanın yanında üç açardan ibarət dəst',
      category: 'keys',
      location: 'Dənizkənarı bulvar',
    });
    expect(created.status).toBe(201);
    const badge = async () => {
      const res = await new HttpClient(platform.url).get('/api/announcements?limit=500');
      return listed(res.body).find((a) => a.id === created.body.id)?.authorVerified;
    };
    expect(await badge()).toBe(false);

    const anonymous = new HttpClient(platform.url);
    const forged = await anonymous.post('/api/verify-email', { token: `${token.slice(0, -2)}xx` });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: AUTH_MESSAGES.verificationLinkInvalid, field: 'token' });
    // The link of another purpose (a reset link with the same id) is not a verification link.
    const claims = verifyToken(platform.env.JWT_SECRET!, 'email-verification', token)!;
    const otherPurpose = signToken(platform.env.JWT_SECRET!, 'password-reset', claims);
    expect((await anonymous.post('/api/verify-email', { token: otherPurpose })).status).toBe(400);

    expect((await anonymous.post('/api/verify-email', { token })).status).toBe(204);
    expect((await user.client.get('/api/account/status')).body.emailVerified).toBe(true);
    const reused = await anonymous.post('/api/verify-email', { token });
    expect(reused.status).toBe(410);
    expect(reused.body.message).toBe(AUTH_MESSAGES.verificationLinkUsed);
    expect((await user.client.post('/api/verify-email/resend')).status).toBe(409);
    await eventually(async () => expect(await badge()).toBe(true), { timeoutMs: 30_000, intervalMs: 250 });

    // A new address is not verified; its own link is e-mailed to it.
    const newEmail = `${uniqueName('yeni')}@example.az`;
    const updated = await user.client.put('/api/profile', {
      username: user.username,
      email: newEmail,
      phone: user.phone,
    });
    expect(updated.status).toBe(200);
    expect((await user.client.get('/api/account/status')).body.emailVerified).toBe(false);
    await eventually(async () => expect(await badge()).toBe(false), { timeoutMs: 30_000, intervalMs: 250 });
    const first = await linkTokenMailedTo(platform, newEmail, '/verify-email');
    // A resend replaces the link: the earlier one no longer works.
    expect((await user.client.post('/api/verify-email/resend')).status).toBe(204);
    const second = await linkTokenMailedTo(platform, newEmail, '/verify-email', 1);
    expect((await anonymous.post('/api/verify-email', { token: first })).status).toBe(410);
    expect((await anonymous.post('/api/verify-email', { token: second })).status).toBe(204);
    expect((await user.client.get('/api/account/status')).body.emailVerified).toBe(true);
  });

  it('verifies the phone with the 6-digit SMS code; 5 wrong codes lock it until a new code', async () => {
    const user = await registerUser(platform.url, 'telefon');
    expect((await user.client.post('/api/verify-phone/start')).status).toBe(204);
    const code = /(\d{6})/.exec(smsTo(platform, user.phone).at(-1) ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await user.client.post('/api/verify-phone/confirm', { code: wrong });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: AUTH_MESSAGES.phoneCodeWrong, field: 'code' });
    }
    const locked = await user.client.post('/api/verify-phone/confirm', { code });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(AUTH_MESSAGES.phoneCodeLocked);
    expect((await user.client.get('/api/account/status')).body.phoneVerified).toBe(false);

    expect((await user.client.post('/api/verify-phone/start')).status).toBe(204);
    const texts = smsTo(platform, user.phone);
    expect(texts).toHaveLength(2);
    const newCode = /(\d{6})/.exec(texts.at(-1)!)![1];
    expect((await user.client.post('/api/verify-phone/confirm', { code: newCode })).status).toBe(204);
    expect((await user.client.get('/api/account/status')).body.phoneVerified).toBe(true);
  });

  it('resets a forgotten password by the e-mailed link: same answer for unknown addresses, once, every session ends', async () => {
    const user = await registerUser(platform.url, 'berpa');
    const anonymous = new HttpClient(platform.url);
    const known = await anonymous.post('/api/password-reset/request', { email: user.email });
    const unknown = await anonymous.post('/api/password-reset/request', {
      email: `${uniqueName('yox')}@example.az`,
    });
    expect(known.status).toBe(202);
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: known.status,
      body: known.body,
    });
    expect(known.body).toEqual({ message: AUTH_MESSAGES.resetRequested });

    const token = await linkTokenMailedTo(platform, user.email, '/reset-password');
    // The same link an hour later: expired.
    const claims = verifyToken(platform.env.JWT_SECRET!, 'password-reset', token)!;
    const expired = signToken(platform.env.JWT_SECRET!, 'password-reset', {
      id: claims.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const late = await anonymous.post('/api/password-reset/confirm', {
      token: expired,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(AUTH_MESSAGES.resetLinkExpired);
    // The registration's password rules.
    const weak = await anonymous.post('/api/password-reset/confirm', {
      token,
      password: 'password123',
      confirmPassword: 'password123',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.field).toBe('password');

    const confirmed = await anonymous.post('/api/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(confirmed.status).toBe(204);
    // The session the user had is over; the link works once; the new password signs in.
    expect((await user.client.get('/api/user')).status).toBe(401);
    const again = await anonymous.post('/api/password-reset/confirm', {
      token,
      password: 'Baska-Parol-97531',
      confirmPassword: 'Baska-Parol-97531',
    });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(AUTH_MESSAGES.resetLinkUsed);
    expect((await signIn(platform, user, user.password)).res.status).toBe(401);
    expect((await signIn(platform, user, NEW_PASSWORD)).res.status).toBe(200);
  });

  it('lists sessions, changes the password (the current password first; other sessions end) and signs out everywhere', async () => {
    const user = await registerUser(platform.url, 'sessiya');
    const other = (await signIn(platform, user, user.password)).client;
    const sessions = await user.client.get('/api/sessions');
    expect(sessions.status).toBe(200);
    expect(sessions.body.sessions).toHaveLength(2);
    expect(sessions.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const wrong = await user.client.put('/api/password', {
      currentPassword: 'Yanlis-Parol-1',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: AUTH_MESSAGES.currentPasswordWrong, field: 'currentPassword' });

    const changed = await user.client.put('/api/password', {
      currentPassword: user.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(204);
    expect((await user.client.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await user.client.get('/api/sessions')).body.sessions).toHaveLength(1);

    const third = (await signIn(platform, user, NEW_PASSWORD)).client;
    expect((await user.client.post('/api/sessions/sign-out-everywhere')).status).toBe(204);
    expect((await user.client.get('/api/user')).status).toBe(401);
    expect((await third.get('/api/user')).status).toBe(401);
  });

  // Issue 22: the owner hears of a sign-in from a browser the account never used, and of a new password.
  it('e-mails the owner about a sign-in from a new device (named, timed, what to do) and a changed password; the sessions list names browsers', async () => {
    const user = await registerUser(platform.url, 'cihaz');
    const mailsTo = (subject: string) =>
      eventually(
        async () => {
          const found = (await mailboxOf(platform).to(user.email)).filter((m) => m.subject === subject);
          expect(found.length).toBeGreaterThan(0);
          return found;
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
    // The browser it registered on is a known device: signing in there again is nothing new.
    expect(
      (await user.client.post('/api/login', { username: user.username, password: user.password })).status,
    ).toBe(200);
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const phone = new HttpClient(platform.url, { 'user-agent': android });
    const before = Date.now();
    expect((await phone.post('/api/login', { username: user.email, password: user.password })).status).toBe(
      200,
    );

    const sessions = await user.client.get('/api/sessions');
    expect(sessions.body.sessions.map((s: { device: string | null }) => s.device)).toContain(
      'Chrome, Android',
    );
    expect(JSON.stringify(sessions.body)).not.toContain('Mozilla');

    const [mail] = await mailsTo(NEW_DEVICE_SUBJECT);
    expect(mail!.text).toContain('Cihaz: Chrome, Android');
    // The time in Baku (UTC+4), to the minute.
    const baku = (at: number) => new Date(at + 4 * 3600_000).toISOString();
    const shown = /Vaxt: (\d{2})\.(\d{2})\.(\d{4}) (\d{2}:\d{2}) \(Bakı vaxtı\)/.exec(mail!.text)!;
    expect(shown).not.toBeNull();
    const minute = `${shown[3]}-${shown[2]}-${shown[1]}T${shown[4]}`;
    expect(minute >= baku(before - 60_000).slice(0, 16) && minute <= baku(Date.now()).slice(0, 16)).toBe(
      true,
    );
    expect(mail!.text).toContain('Siz deyildinizsə, dərhal «Şifrəni unutmusunuz?» ilə yeni şifrə təyin edin');
    expect(mail!.text).toContain('«Bütün cihazlardan çıx»');
    expect(mail!.text).toMatch(/Keçid: http\S+\/profile\?tab=security\r?\n/);
    // A security e-mail: nothing to unsubscribe from, and not in the in-app inbox.
    expect(mail!.headers['list-unsubscribe']).toBeUndefined();
    expect(await notificationsOf(user.client, 'new-device-sign-in')).toEqual([]);

    // The phone is a known device now; the password changes on the first browser.
    expect(
      (await phone.post('/api/login', { username: user.username, password: user.password })).status,
    ).toBe(200);
    const changed = await user.client.put('/api/password', {
      currentPassword: user.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(204);
    const [passwordMail] = await mailsTo('Şifrəniz dəyişdirildi');
    expect(passwordMail!.text).toMatch(
      /şifrəsi \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(Bakı vaxtı\) profildən dəyişdirildi/,
    );
    expect(passwordMail!.text).toContain('Bunu siz etməmisinizsə, dərhal «Şifrəni unutmusunuz?»');
    expect(passwordMail!.text).toMatch(/Keçid: http\S+\/forgot-password\r?\n/);
    // One new device, one e-mail: neither the registration's browser nor the phone's second sign-in.
    expect(
      (await mailboxOf(platform).to(user.email)).filter((m) => m.subject === NEW_DEVICE_SUBJECT),
    ).toHaveLength(1);
  });

  it('deletes an account: signed out and refused at once, its announcements leave the public list, purged after the delay', async () => {
    const user = await registerUser(platform.url, 'silinen');
    const created = await user.client.post('/api/announcements', {
      type: 'lost',
      title: 'Qara pul kisəsi',
      description: 'Metroda itirilmiş qara dəri pul kisəsi',
      category: 'bags',
      location: 'Sahil',
    });
    expect(created.status).toBe(201);
    const publicIds = async () =>
      listed((await new HttpClient(platform.url).get('/api/announcements?limit=500')).body).map((a) => a.id);
    expect(await publicIds()).toContain(created.body.id);

    const refused = await user.client.post('/api/account/delete', { password: 'Yanlis-Parol-1' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: AUTH_MESSAGES.passwordWrong, field: 'password' });
    expect((await user.client.post('/api/account/delete', { password: user.password })).status).toBe(204);

    expect((await user.client.get('/api/user')).status).toBe(401);
    const login = await signIn(platform, user, user.password);
    expect(login.res.status).toBe(401);
    expect(login.res.body.message).toBe(AUTH_MESSAGES.wrongCredentials);
    await eventually(async () => expect(await publicIds()).not.toContain(created.body.id), {
      timeoutMs: 30_000,
      intervalMs: 250,
    });

    // Purged: the name, address and number are free again.
    const again = { username: user.username, email: user.email, phone: user.phone };
    const register = () =>
      new HttpClient(platform.url).post('/api/register', {
        ...again,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
    await eventually(async () => expect((await register()).status).toBe(201), {
      timeoutMs: 30_000,
      intervalMs: 500,
    });

    // The audit log keeps what the account did, not who it was.
    const admin = await signInSuperAdmin(platform.url);
    await eventually(
      async () => {
        const rows = (await allAuditRows(admin)).filter(
          (r) => r.userId === user.id || r.entityId === user.id,
        );
        expect(rows.map((r) => r.action)).toEqual(
          expect.arrayContaining([
            'auth.user.registered',
            'announcements.announcement.created',
            'auth.user.purged',
          ]),
        );
        const text = JSON.stringify(rows);
        for (const personal of [user.email, user.phone, user.username]) expect(text).not.toContain(personal);
        expect(rows.every((r) => r.ipAddress === null && r.userAgent === null)).toBe(true);
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
  });

  it('keeps tokens, codes and addresses out of the audit rows of these events', async () => {
    const user = await registerUser(platform.url, 'audit');
    const token = await linkTokenMailedTo(platform, user.email, '/verify-email');
    const admin = await signInSuperAdmin(platform.url);
    await eventually(
      async () => {
        const rows = (await allAuditRows(admin)).filter((r) => r.action.includes('verification-requested'));
        expect(rows.some((r) => JSON.stringify(r).includes(user.id))).toBe(true);
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    const rows = (await allAuditRows(admin)).filter((r) =>
      /verification|reset|password|deleted|purged/.test(r.action),
    );
    const text = JSON.stringify(rows);
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[2]);
    expect(text).not.toContain(user.email);
  });
});
