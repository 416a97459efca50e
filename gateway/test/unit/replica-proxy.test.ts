import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { adapterConfigSchema, loadConfig } from '@tapinti/platform/config';
import { createGatewayApp } from '../../src/gateway-app';
import { ReplicaPool, replicaProxy, upstreamAgent } from '../../src/replica-proxy';

const UNAVAILABLE = 'Xidmət müvəqqəti əlçatan deyil. Bir az sonra yenidən cəhd edin';

interface Replica {
  name: string;
  url: string;
  /** Requests it received, as `METHOD path`. */
  received: string[];
  /** Dies: stops listening and drops every connection (as after SIGKILL). */
  kill(): Promise<void>;
}

/** A tiny announcements replica: answers its name; `resetPosts` drops a POST's connection unanswered (a crash mid-request). */
async function startReplica(name: string, { resetPosts = false } = {}): Promise<Replica> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    if (resetPosts && req.method === 'POST') {
      req.socket.destroy();
      return;
    }
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ replica: name, identity: req.headers['x-user-id'] ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    name,
    url,
    received,
    kill: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The gateway in front of the replicas (`urls`: some may be dead), as main.ts wires it. */
async function startGateway(urls: string[]) {
  const logger = pino({ level: 'silent' });
  const agent = upstreamAgent();
  const pool = new ReplicaPool('announcements', urls);
  const app = createGatewayApp({
    logger,
    upstreams: { announcements: replicaProxy(pool, { agent, logger, timeoutMs: 30_000 }) },
    ready: async () => {},
    webDir: '/nonexistent',
    clientLimits: loadConfig(adapterConfigSchema, { JWT_SECRET: 'x'.repeat(40) }),
  });
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const replicaOf = async (res: Response) => ((await res.json()) as { replica: string }).replica;
const get = (url: string) => fetch(`${url}/api/announcements`);
const post = (url: string) =>
  fetch(`${url}/api/announcements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Açar' }),
  });

describe('the gateway in front of two replicas of a service', () => {
  let a: Replica;
  let b: Replica;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  afterEach(async () => {
    await gateway?.stop();
    await Promise.all([a, b].map((r) => r?.kill()));
  });

  it('shares requests between them, and strips identity headers a client sends', async () => {
    [a, b] = await Promise.all([startReplica('a'), startReplica('b')]);
    gateway = await startGateway([a.url, b.url]);
    const answers: { replica: string; identity: string | null }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${gateway.url}/api/announcements?page=${i}`, {
        headers: { 'x-user-id': 'admin' },
      });
      expect(res.status).toBe(200);
      answers.push((await res.json()) as (typeof answers)[number]);
    }
    expect(answers.filter((x) => x.replica === 'a')).toHaveLength(3);
    expect(answers.every((x) => x.identity === null)).toBe(true);
    expect(a.received).toContain('GET /api/announcements?page=0');
  });

  it('keeps answering GETs when one replica dies, and stops sending to it', async () => {
    [a, b] = await Promise.all([startReplica('a'), startReplica('b')]);
    gateway = await startGateway([a.url, b.url]);
    for (let i = 0; i < 4; i++) expect((await get(gateway.url)).status).toBe(200);
    await a.kill();
    const seenByA = a.received.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(gateway.url)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(await Promise.all(answers.map(replicaOf)))).toEqual(new Set(['b']));
    expect(a.received).toHaveLength(seenByA);
  });

  it('sends a POST whose connection the dead replica refused to the live one, once', async () => {
    [a, b] = await Promise.all([startReplica('a'), startReplica('b')]);
    await a.kill();
    gateway = await startGateway([a.url, b.url]);
    const answers = await Promise.all([post(gateway.url), post(gateway.url)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(b.received).toEqual(['POST /api/announcements', 'POST /api/announcements']);
  });

  it('does not repeat a POST the replica received and died on: 503 with Retry-After', async () => {
    [a, b] = await Promise.all([
      startReplica('a', { resetPosts: true }),
      startReplica('b', { resetPosts: true }),
    ]);
    gateway = await startGateway([a.url, b.url]);
    const res = await post(gateway.url);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ message: UNAVAILABLE });
    expect([...a.received, ...b.received]).toEqual(['POST /api/announcements']);
  });

  it('repeats a GET the replica received and died on, on the other one', async () => {
    const dying = http.createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    b = await startReplica('b');
    gateway = await startGateway([`http://127.0.0.1:${(dying.address() as AddressInfo).port}`, b.url]);
    try {
      const answers = await Promise.all([get(gateway.url), get(gateway.url)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(await Promise.all(answers.map(replicaOf))).toEqual(['b', 'b']);
    } finally {
      dying.close();
    }
  });

  it('repeats a GET whose connection was reset as soon as it stood (a killed replica), on the other one', async () => {
    const killed = http.createServer();
    killed.on('connection', (socket) => socket.destroy());
    await new Promise<void>((resolve) => killed.listen(0, '127.0.0.1', resolve));
    b = await startReplica('b');
    gateway = await startGateway([`http://127.0.0.1:${(killed.address() as AddressInfo).port}`, b.url]);
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => get(gateway.url)));
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(await Promise.all(answers.map(replicaOf)))).toEqual(new Set(['b']));
    } finally {
      killed.close();
    }
  });

  it('answers 503 with Retry-After when every replica is down', async () => {
    [a, b] = await Promise.all([startReplica('a'), startReplica('b')]);
    await Promise.all([a.kill(), b.kill()]);
    gateway = await startGateway([a.url, b.url]);
    for (const res of [await get(gateway.url), await post(gateway.url)]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ message: UNAVAILABLE });
    }
  });
});

describe("the gateway's connections to a replica", () => {
  it('lets an idle one go before the replica would close it (never reused as the replica closes it)', async () => {
    // A replica announcing a short keep-alive (`Keep-Alive: timeout=2`); the services announce 65 s.
    const server = http.createServer((_req, res) => res.end('ok'));
    server.keepAliveTimeout = 2_000;
    /** How each connection ended: the gateway let it go ('gateway'), or the replica's timeout closed it. */
    const endings: Promise<'gateway' | 'replica'>[] = [];
    server.on('connection', (socket) =>
      endings.push(
        new Promise((resolve) => {
          socket.once('end', () => resolve('gateway'));
          socket.once('close', () => resolve('replica'));
        }),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = upstreamAgent();
    try {
      const answer = await new Promise<number>((resolve, reject) => {
        const { port } = server.address() as AddressInfo;
        http
          .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
      expect(answer).toBe(200);
      expect(endings).toHaveLength(1);
      expect(await endings[0]).toBe('gateway');
    } finally {
      agent.destroy();
      server.close();
      server.closeAllConnections();
    }
  });
});

describe('ReplicaPool', () => {
  it('skips a replica marked down while another is up, and tries it again after a while', () => {
    let now = 0;
    const pool = new ReplicaPool('audit', ['http://a', 'http://b/'], 5_000, () => now);
    const [first, second] = [pool.pick()!, pool.pick()!];
    expect([first.url, second.url].sort()).toEqual(['http://a', 'http://b']);
    pool.markDown(first);
    expect(Array.from({ length: 4 }, () => pool.pick()!.url)).toEqual(Array(4).fill(second.url));
    now = 1_000;
    pool.markDown(second);
    // Both down: the one marked longest ago.
    expect(pool.pick()!.url).toBe(first.url);
    now = 5_001;
    expect(Array.from({ length: 4 }, () => pool.pick()!.url)).toEqual(Array(4).fill(first.url));
    now = 6_001;
    expect(new Set(Array.from({ length: 4 }, () => pool.pick()!.url))).toEqual(
      new Set(['http://a', 'http://b']),
    );
  });
});
