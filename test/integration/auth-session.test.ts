import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { registerUser } from '../support/accounts';
import { HttpClient, uniqueName, uniquePhone } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';

const PASSWORD = 'Parol-12345';

function newAccount(prefix = 'acc') {
  const username = uniqueName(prefix);
  return {
    username,
    email: `${username}@example.az`,
    phone: uniquePhone(),
    password: PASSWORD,
    confirmPassword: PASSWORD,
  };
}

const sessionCookieOf = (headers: Headers) =>
  headers.getSetCookie().find((c) => c.startsWith('tapinti_session='));

describe.each(sharedPlatforms())('accounts and sessions ($mode)', ({ url }) => {
  it('register → user → logout → 401 → login by username, e-mail and phone → profile update', async () => {
    const client = new HttpClient(url);
    const account = newAccount('cycle');
    const registered = await client.post('/api/register', account);
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({
      id: expect.any(String),
      username: account.username,
      email: account.email,
      phone: account.phone,
      role: 'user',
      organizationId: null,
    });
    const id = registered.body.id;

    expect(await client.get('/api/user')).toMatchObject({ status: 200, body: registered.body });
    const out = await client.post('/api/logout');
    expect([200, 204]).toContain(out.status);
    expect(client.cookies.has('tapinti_session')).toBe(false);
    expect((await client.get('/api/user')).status).toBe(401);

    for (const identifier of [account.username, account.email, account.phone]) {
      const login = await client.post('/api/login', { username: identifier, password: PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body).toEqual(registered.body);
      expect((await client.get('/api/user')).body.id).toBe(id);
      await client.post('/api/logout');
    }
    // Case-insensitive username and e-mail; a phone in another notation.
    // (Azerbaijani upper case: i ↔ İ, ı ↔ I.)
    for (const identifier of [account.username.toLocaleUpperCase('az'), account.email.toUpperCase()]) {
      expect((await client.post('/api/login', { username: identifier, password: PASSWORD })).status).toBe(
        200,
      );
    }
    const spaced = account.phone.replace(/^(\+\d{3})(\d{2})(\d{3})/, '$1 ($2) $3-');
    expect((await client.post('/api/login', { username: spaced, password: PASSWORD })).status).toBe(200);

    const changed = newAccount('renamed');
    const profile = await client.put('/api/profile', {
      username: changed.username,
      email: changed.email,
      phone: '',
    });
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      id,
      username: changed.username,
      email: changed.email,
      phone: null,
      role: 'user',
      organizationId: null,
    });
    expect((await client.get('/api/user')).body).toEqual(profile.body);
    expect((await client.post('/api/login', { username: account.username, password: PASSWORD })).status).toBe(
      401,
    );
    expect((await client.post('/api/login', { username: changed.username, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('sets an HttpOnly, SameSite=Lax session cookie (not Secure over plain HTTP) and never returns password material', async () => {
    const client = new HttpClient(url);
    const account = newAccount('cookie');
    const res = await client.post('/api/register', account);
    const cookie = sessionCookieOf(res.headers);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(res.headers.get('cache-control')).toContain('no-store');
    for (const text of [res.text, (await client.get('/api/user')).text]) {
      expect(text).not.toMatch(/password|argon2|hash/i);
      expect(text).not.toContain(PASSWORD);
    }
  });

  it('marks the cookie Secure when the request came over HTTPS (through a TLS-terminating proxy)', async () => {
    const user = await registerUser(url, 'https');
    const res = await new HttpClient(url).post(
      '/api/login',
      { username: user.username, password: user.password },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res.headers)).toMatch(/;\s*Secure/i);
  });

  it('refuses the old cookie after logout (a stolen cookie stops working) and gives a new token at each login', async () => {
    const user = await registerUser(url, 'replay');
    const stolen = user.client.cookieHeader;
    const thief = new HttpClient(url);
    expect((await thief.get('/api/user', { cookie: stolen })).status).toBe(200);
    await user.client.post('/api/logout');
    expect((await thief.get('/api/user', { cookie: stolen })).status).toBe(401);
    expect(
      (await thief.put('/api/profile', { username: 'hijacked', email: 'h@x.az' }, { cookie: stolen })).status,
    ).toBe(401);

    const first = await user.client.post('/api/login', { username: user.username, password: user.password });
    const second = await user.client.post('/api/login', { username: user.username, password: user.password });
    const a = sessionCookieOf(first.headers);
    const b = sessionCookieOf(second.headers);
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a!.split(';')[0]).not.toBe(b!.split(';')[0]);
    // The session the second login replaced is over.
    expect((await thief.get('/api/user', { cookie: a!.split(';')[0]! })).status).toBe(401);
    expect((await user.client.get('/api/user')).status).toBe(200);
  });

  it('refuses a forged or tampered token', async () => {
    const user = await registerUser(url, 'forge');
    const token = user.client.cookies.get('tapinti_session')!;
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'super_admin' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const anon = new HttpClient(url);
    for (const forged of [`${header}.${elevated}.${token.split('.')[2]}`, `${none}.${elevated}.`]) {
      expect((await anon.get('/api/user', { cookie: `tapinti_session=${forged}` })).status).toBe(401);
      expect((await anon.get('/api/audit-logs', { cookie: `tapinti_session=${forged}` })).status).toBe(401);
    }
  });

  it('makes a user whatever role and organisation the body claims', async () => {
    const client = new HttpClient(url);
    const res = await client.post('/api/register', {
      ...newAccount('sneaky'),
      role: 'super_admin',
      organizationId: '0b7b6a9e-3c55-4d8e-9a37-6a3c9e2f1b22',
    });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('user');
    expect(res.body.organizationId).toBeNull();
    expect((await client.get('/api/user')).body.role).toBe('user');
    expect((await client.get('/api/audit-logs')).status).toBe(403);
  });

  it('refuses a duplicate username, e-mail or phone with 409 (case-insensitive), also on profile update', async () => {
    const taken = newAccount('taken');
    expect((await new HttpClient(url).post('/api/register', taken)).status).toBe(201);
    const cases: Array<[Record<string, string>, string]> = [
      [{ username: taken.username }, AUTH_MESSAGES.usernameTaken],
      [{ username: taken.username.toLocaleUpperCase('az') }, AUTH_MESSAGES.usernameTaken],
      [{ email: taken.email }, AUTH_MESSAGES.emailTaken],
      [{ email: taken.email.toUpperCase() }, AUTH_MESSAGES.emailTaken],
      [{ phone: taken.phone }, AUTH_MESSAGES.phoneTaken],
    ];
    for (const [override, message] of cases) {
      const res = await new HttpClient(url).post('/api/register', { ...newAccount('dup'), ...override });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
    }

    const other = await registerUser(url, 'mover');
    const clash = await other.client.put('/api/profile', {
      username: taken.username,
      email: other.email,
      phone: other.phone,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(AUTH_MESSAGES.usernameTaken);
    const emailClash = await other.client.put('/api/profile', {
      username: other.username,
      email: taken.email.toUpperCase(),
      phone: other.phone,
    });
    expect(emailClash.status).toBe(409);
    expect(emailClash.body.message).toBe(AUTH_MESSAGES.emailTaken);
    // Keeping one's own values is not a clash.
    const same = await other.client.put('/api/profile', {
      username: other.username,
      email: other.email,
      phone: other.phone,
    });
    expect(same.status).toBe(200);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const user = await registerUser(url, 'wrong');
    const anon = new HttpClient(url);
    const wrong = await anon.post('/api/login', { username: user.username, password: 'not-the-password' });
    const unknown = await anon.post('/api/login', {
      username: uniqueName('ghost'),
      password: 'not-the-password',
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: AUTH_MESSAGES.wrongCredentials });
      expect(sessionCookieOf(res.headers)).toBeUndefined();
    }
  });

  it('needs a session for the user and profile routes', async () => {
    const anon = new HttpClient(url);
    expect((await anon.get('/api/user')).status).toBe(401);
    expect((await anon.put('/api/profile', { username: 'abc', email: 'a@b.az' })).status).toBe(401);
    expect([200, 204]).toContain((await anon.post('/api/logout')).status);
  });
});
