import { randomBytes } from 'node:crypto';
import type { AuditLogEntry } from '@tapinti/contracts/audit-api';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName, uniquePhone, type HttpResponse } from '../support/http-client';
import { postAnnouncement } from '../support/requests';
import { selectedModes, sharedPlatforms, startPlatform, type Platform } from '../support/platform';

const RATE_LIMITED = { message: 'Çox sayda cəhd edildi. Bir az sonra yenidən cəhd edin' };

/** A distinct address (TEST-NET-2/3) for each caller: test platforms trust their loopback proxy. */
let lastAddress = Math.floor(Math.random() * 50_000);
const nextAddress = () => {
  lastAddress += 1;
  return `198.${51 + (Math.floor(lastAddress / 65_536) % 2)}.${Math.floor(lastAddress / 256) % 256}.${lastAddress % 256}`;
};

interface Person {
  client: HttpClient;
  id: string;
  username: string;
  password: string;
  address: string;
}

/** Registers a user whose every request comes from `address`. */
async function registerFrom(url: string, address = nextAddress(), prefix = 'shed'): Promise<Person> {
  const client = new HttpClient(url, { 'x-forwarded-for': address });
  const username = uniqueName(prefix);
  const password = `Tapinti-${randomBytes(5).toString('hex')}-Acar`;
  let res: HttpResponse | undefined;
  for (
    let attempt = 0;
    attempt < 3 && (!res || (res.status === 409 && res.body?.field === 'phone'));
    attempt++
  )
    res = await client.post('/api/register', {
      username,
      email: `${username}@example.az`,
      phone: uniquePhone(),
      password,
      confirmPassword: password,
    });
  if (res!.status !== 201) throw new Error(`register failed: ${res!.status} ${res!.text}`);
  return { client, id: res!.body.id, username, password, address };
}

const loginFrom = (url: string, address: string, body: { username: string; password: string }) =>
  new HttpClient(url, { 'x-forwarded-for': address }).post('/api/login', body);

/** A login as a browser user sends it: after a 503 (hashing busy) it waits Retry-After and tries again. */
async function decidedLogin(url: string, address: string, body: { username: string; password: string }) {
  for (;;) {
    const res = await loginFrom(url, address, body);
    if (res.status !== 503) return res;
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000));
  }
}

const wrong = () => `Yanlis-${randomBytes(4).toString('hex')}`;
const credentials = (p: Person) => ({ username: p.username, password: p.password });

describe.each(selectedModes())('gateway limits per client (%s)', (mode) => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform(mode, {
      env: { RATE_LIMIT_LOGIN: '5/60', RATE_LIMIT_REGISTER: '3/600', RATE_LIMIT_DETAILS: '5/60' },
    });
  });
  afterAll(() => platform?.stop());

  it('a login burst from one address gets 429 with Retry-After at the gateway, before any password is checked', async () => {
    const victim = await registerFrom(platform.url);
    const attacker = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        loginFrom(platform.url, attacker, { username: victim.username, password: wrong() }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.body).toEqual(RATE_LIMITED);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }

    // A login from another address still succeeds.
    expect((await loginFrom(platform.url, nextAddress(), credentials(victim))).status).toBe(200);

    // Only the 5 that passed the gateway reached auth: 5 failed logins recorded, not 12.
    const admin = await signInSuperAdmin(platform.url);
    await eventually(
      async () => {
        const res = await admin.get('/api/audit-logs?limit=100');
        const failed = (res.body.items as AuditLogEntry[]).filter(
          (r) => r.action === 'auth.user.login-failed' && r.entityId === victim.id,
        );
        expect(failed).toHaveLength(5);
      },
      { timeoutMs: 20_000 },
    );
  });

  it('registration is throttled per address', async () => {
    const address = nextAddress();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const username = uniqueName('reg');
      const password = `Tapinti-${randomBytes(5).toString('hex')}-Acar`;
      const res = await new HttpClient(platform.url, { 'x-forwarded-for': address }).post('/api/register', {
        username,
        email: `${username}@example.az`,
        phone: uniquePhone(),
        password,
        confirmPassword: password,
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toEqual(RATE_LIMITED);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Someone else (another address) registers as usual.
    await expect(registerFrom(platform.url)).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('announcement details (with contacts) are limited per signed-in user, not per address', async () => {
    const author = await registerFrom(platform.url);
    const announcement = await postAnnouncement(author.client);
    const shared = nextAddress();
    const reader = await registerFrom(platform.url, shared, 'reader');
    const neighbour = await registerFrom(platform.url, shared, 'neighbour');
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await reader.client.get(`/api/announcements/${announcement.id}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await reader.client.get(`/api/announcements/${announcement.id}`);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user at the same address (one household, one NAT) reads on.
    expect((await neighbour.client.get(`/api/announcements/${announcement.id}`)).status).toBe(200);
    // The reader's own list is not a details read.
    expect((await reader.client.get('/api/announcements/my')).status).toBe(200);
  });
});

describe.each(sharedPlatforms())('login throttle behind a proxy ($mode)', ({ url }) => {
  it('150 concurrent guesses at one account from one address: exactly 10 are evaluated', async () => {
    const victim = await registerFrom(url);
    const attacker = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 150 }, () =>
        decidedLogin(url, attacker, { username: victim.username, password: wrong() }),
      ),
    );
    const statuses: Record<number, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    // Evaluated: 401, exactly the limit; the rest refused before any password was checked.
    expect(statuses[429]).toBe(140);
    expect(statuses[401]).toBe(10);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.body).toEqual({ message: AUTH_MESSAGES.throttled });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The attacker's address stays locked even with the right password; the owner's is not.
    expect((await decidedLogin(url, attacker, credentials(victim))).status).toBe(429);
    expect((await decidedLogin(url, victim.address, credentials(victim))).status).toBe(200);
  });

  it('an attacker at other addresses cannot lock the owner out; guessing from new addresses is slowed', async () => {
    const owner = await registerFrom(url);
    // The owner signed in from home before.
    expect((await decidedLogin(url, owner.address, credentials(owner))).status).toBe(200);

    // 3 addresses × 6 wrong guesses, all at once: past 10 attempts the account is paced.
    const attackers = [nextAddress(), nextAddress(), nextAddress()];
    const answers = await Promise.all(
      attackers.flatMap((address) =>
        Array.from({ length: 6 }, () =>
          decidedLogin(url, address, { username: owner.username, password: wrong() }),
        ),
      ),
    );
    const paced = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThan(18);
    for (const refused of paced) {
      expect(refused.body).toEqual({ message: AUTH_MESSAGES.throttled });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // At home the owner signs in at once, as often as they like.
    for (let i = 0; i < 3; i++)
      expect((await decidedLogin(url, owner.address, credentials(owner))).status).toBe(200);
    // From a new address the owner may have to wait a moment (Retry-After), never to be locked out.
    const fromCafe = nextAddress();
    let res = await decidedLogin(url, fromCafe, credentials(owner));
    for (let tries = 0; res.status === 429 && tries < 3; tries++) {
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(2);
      await new Promise((r) => setTimeout(r, wait * 1000));
      res = await decidedLogin(url, fromCafe, credentials(owner));
    }
    expect(res.status).toBe(200);
  });
});
