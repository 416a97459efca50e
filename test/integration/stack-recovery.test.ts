import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { allAuditRows, registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { INFRA } from '../support/infra';
import { freePort, ROOT, SERVICES, SUPER_ADMIN, type Service } from '../support/platform';

/**
 * `npm run stack` (infra/local/stack-up.sh) after a crash: each process of the stack is killed
 * once (SIGKILL) and one more run of the script must bring the platform back whole. The stack is
 * a second one beside the usual: its own TAPINTI_STATE (pid files, logs, secret), ports, database
 * and NAMESPACE; the shared servers (Postgres, Kafka, Redis, S3, SMTP) are reused, never stopped.
 */

const UNAVAILABLE = 'Xidmət müvəqqəti əlçatan deyil. Bir az sonra yenidən cəhd edin';
const name = `stk${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const database = `tapinti_${name}`;
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), `tapinti-${name}-`));

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A base whose six following ports (one per service) are free. */
async function freeServicePortBase(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const free = await Promise.all(SERVICES.map((_, i) => portIsFree(base + i + 1)));
    if (free.every(Boolean)) return base;
  }
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: INFRA.postgresAdminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let env: Record<string, string>;
let gatewayUrl: string;

/** Runs stack-up.sh to its end: exit code and output. */
function stackUp(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [path.join(ROOT, 'infra/local/stack-up.sh')], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

type StackProcess = Service | 'gateway';
const pidOf = (processName: StackProcess) =>
  Number(fs.readFileSync(path.join(stateDir, 'run', `${processName}.pid`), 'utf8').trim());

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A GET endpoint of each service: it answers (200 or 401) when the service is up. */
const PATHS: Record<Service, string> = {
  auth: '/api/user',
  announcements: '/api/announcements',
  organizations: '/api/organizations',
  requests: '/api/requests/my',
  audit: '/api/audit-logs',
  notifications: '/api/notifications',
};

beforeAll(async () => {
  await withAdmin((c) => c.query(`create database "${database}"`));
  const gatewayPort = await freePort();
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR', 'TAPINTI_CACHE'];
  env = {
    ...Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]!])),
    TAPINTI_STATE: stateDir,
    PORT: String(gatewayPort),
    TAPINTI_SERVICE_PORT_BASE: String(await freeServicePortBase()),
    DATABASE_URL: `${INFRA.postgresBaseUrl}/${database}`,
    NAMESPACE: name,
    LOG_LEVEL: 'warn',
    SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
  };
  const first = await stackUp();
  if (first.code !== 0) throw new Error(`stack-up.sh failed (${first.code}):\n${first.output}`);
}, 300_000);

afterAll(async () => {
  const runDir = path.join(stateDir, 'run');
  const pids = fs.existsSync(runDir)
    ? fs
        .readdirSync(runDir)
        .filter((f) => f.endsWith('.pid'))
        .map((f) => Number(fs.readFileSync(path.join(runDir, f), 'utf8').trim()))
    : [];
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGTERM');
  await eventually(() => expect(pids.filter(alive)).toEqual([]), {
    timeoutMs: 20_000,
    intervalMs: 200,
  }).catch(() => pids.filter(alive).forEach((pid) => process.kill(pid, 'SIGKILL')));
  await withAdmin((c) => c.query(`drop database if exists "${database}" with (force)`)).catch(
    () => undefined,
  );
  fs.rmSync(stateDir, { recursive: true, force: true });
}, 60_000);

describe('npm run stack after a crash', () => {
  it.each([...SERVICES, 'gateway' as const])(
    'restarts %s after SIGKILL, exits 0, and the platform answers again',
    async (killed) => {
      const pid = pidOf(killed);
      process.kill(pid, 'SIGKILL');
      await eventually(() => expect(alive(pid)).toBe(false), { timeoutMs: 10_000, intervalMs: 100 });

      if (killed !== 'gateway') {
        // Meanwhile the gateway says the service is away for a moment, not a bare 502.
        const res = await fetch(gatewayUrl + PATHS[killed]);
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await res.json()).toEqual({ message: UNAVAILABLE });
      }

      const again = await stackUp();
      expect({ code: again.code, output: again.output }).toEqual({ code: 0, output: expect.any(String) });
      expect(again.output).toContain(`${killed} starting`);
      expect(pidOf(killed)).not.toBe(pid);

      const ready = await fetch(`${gatewayUrl}/readyz`);
      expect(ready.status).toBe(200);
      for (const service of SERVICES) {
        const res = await fetch(gatewayUrl + PATHS[service]);
        expect({ service, answered: [200, 401].includes(res.status) }).toEqual({ service, answered: true });
      }
    },
    180_000,
  );

  it('is whole afterwards: a user registers, posts, finds the post, and the audit log sees both', async () => {
    const user = await registerUser(gatewayUrl, 'recovered');
    const created = await user.client.post('/api/announcements', {
      type: 'lost',
      title: 'Qəhvəyi çanta itib',
      description: 'Metroda qəhvəyi dəri çanta itirmişəm, içində sənədlər var.',
      category: 'bags',
      location: 'Nərimanov metrosu',
    });
    expect(created.status).toBe(201);
    const found = await new HttpClient(gatewayUrl).get('/api/announcements?search=qəhvəyi');
    expect(found.status).toBe(200);
    expect(found.body.map((a: { id: string }) => a.id)).toContain(created.body.id);

    const admin = await signInSuperAdmin(gatewayUrl);
    await eventually(
      async () => {
        const actions = (await allAuditRows(admin))
          .filter((r) => r.entityId === user.id || r.entityId === created.body.id)
          .map((r) => r.action);
        expect(actions).toEqual(
          expect.arrayContaining(['auth.user.registered', 'announcements.announcement.created']),
        );
      },
      // A killed consumer's group membership lapses only after Kafka's session timeout.
      { timeoutMs: 90_000, intervalMs: 1000 },
    );
  }, 180_000);
});
