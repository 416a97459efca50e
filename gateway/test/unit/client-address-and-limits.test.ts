import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import { adapterConfigSchema, loadConfig } from '@tapinti/platform/config';
import { createHttpApp, clientIp, finishHttpApp } from '@tapinti/platform/http';
import { SESSION_COOKIE, signSessionToken } from '@tapinti/platform/session';
import { createGatewayApp } from '../../src/gateway-app';

const logger = pino({ level: 'silent' });
const ANNOUNCEMENT_ID = '0b6f1f5e-3c1d-4d44-9a53-7b1f2e3c4d5a';
const JWT_SECRET = 'x'.repeat(40);
/** A fresh session token of a user, as auth signs one at each sign-in. */
const sessionOf = (userId: string, accountCreatedAt?: Date) =>
  signSessionToken(JWT_SECRET, { userId, username: userId, accountCreatedAt }, 3600).token;

/**
 * The gateway in front of an auth and an announcements app built like every service's (the
 * embedded wiring): they answer the address they see and count the requests that reach them.
 */
async function startGateway(env: Record<string, string>) {
  const config = loadConfig(adapterConfigSchema, { JWT_SECRET, ...env });
  const reached: string[] = [];
  const auth = createHttpApp(logger);
  auth.post('/api/login', (req, res) => {
    reached.push('login');
    res.json({ ip: clientIp(req), forwardedFor: req.headers['x-forwarded-for'] });
  });
  const announcements = createHttpApp(logger);
  announcements.get('/api/announcements/:id', (_req, res) => {
    reached.push('details');
    res.json({});
  });
  announcements.post('/api/announcements', (_req, res) => {
    reached.push('post');
    res.status(201).json({});
  });
  const requests = createHttpApp(logger);
  requests.post('/api/requests', (_req, res) => {
    reached.push('claim');
    res.status(201).json({});
  });
  const app = createGatewayApp({
    logger,
    upstreams: {
      auth: finishHttpApp(auth, logger),
      announcements: finishHttpApp(announcements, logger),
      requests: finishHttpApp(requests, logger),
    },
    ready: async () => undefined,
    webDir: '/nonexistent',
    clientLimits: config,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, reached, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Gateway = Awaited<ReturnType<typeof startGateway>>;
let gateway: Gateway | undefined;
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
});

const login = (forwardedFor?: string) =>
  fetch(`${gateway!.url}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: '{}',
  });
const addressSeen = async (forwardedFor?: string) =>
  (await (await login(forwardedFor)).json()) as { ip: string; forwardedFor: string };

describe('client address (TRUST_PROXY)', () => {
  it('unset: the socket address, whatever X-Forwarded-For claims', async () => {
    gateway = await startGateway({});
    const seen = await addressSeen('203.0.113.9');
    expect(seen.ip).toMatch(/127\.0\.0\.1$/);
    expect(seen.forwardedFor).toBe(seen.ip);
  });

  it('a hop count: the address that many proxies back', async () => {
    gateway = await startGateway({ TRUST_PROXY: '1' });
    expect(await addressSeen('198.51.100.7, 203.0.113.9')).toEqual({
      ip: '203.0.113.9',
      forwardedFor: '203.0.113.9',
    });
  });

  it('a list of proxies: the first address that is not one of them', async () => {
    gateway = await startGateway({ TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    expect((await addressSeen('198.51.100.7, 10.1.2.3')).ip).toBe('198.51.100.7');
    // A client cannot pass itself off as someone else through an untrusted hop.
    expect((await addressSeen('192.0.2.1, 198.51.100.7, 10.1.2.3')).ip).toBe('198.51.100.7');
  });

  it('refuses to trust every proxy or a malformed range', () => {
    for (const TRUST_PROXY of ['true', '10.0.0.0/33', 'proxy.example.az'])
      expect(() => loadConfig(adapterConfigSchema, { JWT_SECRET: 'x'.repeat(40), TRUST_PROXY })).toThrow(
        /TRUST_PROXY/,
      );
  });
});

describe('per-client limits', () => {
  it('answers 429 with Retry-After and the Azerbaijani message before the service sees the request', async () => {
    gateway = await startGateway({ TRUST_PROXY: 'loopback', RATE_LIMIT_LOGIN: '3/60' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login('198.51.100.7')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(gateway.reached).toHaveLength(3);
    const refused = await login('198.51.100.7');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      message: 'Çox sayda cəhd edildi. Bir az sonra yenidən cəhd edin',
    });
    // Another address has its own budget.
    expect((await login('198.51.100.8')).status).toBe(200);
  });

  it('counts announcement details per account (all its sessions), anonymous readers per address', async () => {
    gateway = await startGateway({ RATE_LIMIT_DETAILS: '2/60' });
    const read = (cookie?: string) =>
      fetch(`${gateway!.url}/api/announcements/${ANNOUNCEMENT_ID}`, {
        headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
      }).then((r) => r.status);
    const [first, second] = [sessionOf('user-a'), sessionOf('user-a')];
    expect([await read(first), await read(second), await read(first)]).toEqual([200, 200, 429]);
    expect(await read(sessionOf('user-b'))).toBe(200);
    expect([await read(), await read(), await read()]).toEqual([200, 200, 429]);
    expect(gateway.reached.filter((r) => r === 'details')).toHaveLength(5);
    // `/api/announcements/my` shares the pattern but is not a details read: never counted.
    const mine = await fetch(`${gateway.url}/api/announcements/my`, {
      headers: { cookie: `${SESSION_COOKIE}=${first}` },
    });
    expect(mine.status).toBe(200);
  });

  it("counts new accounts' posts, and their claims, per address; an older account's pass", async () => {
    gateway = await startGateway({
      RATE_LIMIT_NEW_ACCOUNTS_ADDRESS: '2/60',
      NEW_ACCOUNT_AGE_MS: String(24 * 3600 * 1000),
    });
    const send = (path: string, session: string) =>
      fetch(`${gateway!.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${session}` },
        body: '{}',
      }).then((r) => r.status);
    const fresh = ['a', 'b', 'c'].map((user) => sessionOf(user, new Date()));
    const old = sessionOf('old', new Date(Date.now() - 2 * 24 * 3600 * 1000));
    const unknownAge = sessionOf('before-the-claim');
    for (const path of ['/api/announcements', '/api/requests'])
      expect([
        await send(path, fresh[0]!),
        await send(path, fresh[1]!),
        await send(path, fresh[2]!),
        await send(path, old),
        await send(path, unknownAge),
      ]).toEqual([201, 201, 429, 201, 201]);
  });

  it('counts announcement details per address too, however many accounts read from it', async () => {
    gateway = await startGateway({ RATE_LIMIT_DETAILS_ADDRESS: '3/60' });
    const read = (user: string) =>
      fetch(`${gateway!.url}/api/announcements/${ANNOUNCEMENT_ID}`, {
        headers: { cookie: `${SESSION_COOKIE}=${sessionOf(user)}` },
      }).then((r) => r.status);
    expect([await read('a'), await read('b'), await read('c'), await read('d')]).toEqual([
      200, 200, 200, 429,
    ]);
  });
});
