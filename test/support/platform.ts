import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES, type ServiceName, upstreamUrlVariable } from '@tapinti/runtime/service-manifest';
import { INFRA, withAdmin } from './infra';
import testClientLimits from './test-client-limits.json';

export type Mode = 'embedded' | 'distributed';
export const MODES: Mode[] = ['embedded', 'distributed'];
export const SERVICES = SERVICE_NAMES;
export type Service = ServiceName;

/** The super admin every test platform seeds. */
export const SUPER_ADMIN = {
  username: 'superadmin',
  email: 'superadmin@tapinti.test',
  password: 'SuperAdmin-Pass-2025',
};

export const ROOT = path.resolve(__dirname, '../..');
const LOG_DIR = path.join(ROOT, '.stack', 'test-logs');

export interface Platform {
  mode: Mode;
  url: string;
  /** The environment the platform's processes run with (database, namespace, …). */
  env: Record<string, string>;
  /** Distributed mode: each service's own base URL (its `/metrics`, `/readyz`); not set in embedded mode. */
  services?: Record<Service, string>;
  /** Distributed mode: the base URL of every replica of each service (`services` holds the first). */
  replicas?: Record<Service, string[]>;
  /**
   * Restarts one service (distributed, every replica) or the whole process (embedded); data is
   * kept. `kill`: SIGKILL instead of a graceful SIGTERM, i.e. a crash mid-work. `env`: variables
   * the restarted processes run with from now on (a configuration change between two runs).
   */
  restart(service?: Service, options?: { kill?: boolean; env?: Record<string, string> }): Promise<void>;
  /** Distributed mode: SIGKILLs replica `index` of `service` (a crash); it stays down. */
  kill(service: Service, index: number): Promise<void>;
  stop(): Promise<void>;
}

export interface PlatformOptions {
  env?: Record<string, string>;
  /** Name used for log files and the database; random by default. */
  name?: string;
  /**
   * `dist`: the built JavaScript (scripts/build-server.mjs, built beforehand) instead of tsx. By
   * default `TEST_PLATFORM_RUNTIME`: `npm test` builds once and sets `dist` (what `npm run stack`
   * runs, and each start then loads one bundle instead of transpiling every source); `tsx` otherwise.
   */
  runtime?: 'tsx' | 'dist';
  /**
   * Distributed mode: processes of every service (1 by default), each on its own port; the
   * gateway gets them all as its upstream list (`<SERVICE>_URL=url,url`).
   */
  replicas?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, timeoutMs: number, process: ChildProcess, logFile: string) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (process.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const tail = fs.existsSync(logFile)
    ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')
    : '';
  throw new Error(`${url} did not become ready (${last}); log ${logFile}:\n${tail}`);
}

interface Proc {
  child: ChildProcess;
  logFile: string;
}

/** The bundle scripts/build-server.mjs makes of an entry: dist/server/<service, gateway or embedded>.js. */
const builtEntry = (entry: string) =>
  `dist/server/${entry.startsWith('services/') ? entry.split('/')[1] : path.basename(entry, '.ts') === 'main' ? 'gateway' : 'embedded'}.js`;

/**
 * How `npm run stack` runs a built service or gateway (infra/local/stack-up.sh): a smaller young
 * generation (bench/README.md, idle memory). `npm start` (embedded) runs without.
 */
const builtNodeFlags = (entry: string) => (entry.endsWith('embedded.ts') ? [] : ['--max-semi-space-size=4']);

function spawnTs(
  entry: string,
  env: Record<string, string>,
  logName: string,
  runtime: PlatformOptions['runtime'] = 'tsx',
): Proc {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${logName}.log`);
  const out = fs.openSync(logFile, 'a');
  const args =
    runtime === 'dist' ? [...builtNodeFlags(entry), builtEntry(entry)] : ['--import', 'tsx', entry];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...cleanEnv(), ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return { child, logFile };
}

/** The test runner's environment minus anything that would pick adapters for the child. */
function cleanEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR', 'TAPINTI_CACHE', 'TAPINTI_STATE'];
  return Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]!]));
}

async function stopProc(proc: Proc, timeoutMs = 10_000, signal: NodeJS.Signals = 'SIGTERM') {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Suites send thousands of logins, registrations and reads from 127.0.0.1 and many at once, so
 * test platforms raise the per-client limits and the password-hashing queue that production keeps
 * low (packages/platform/src/config.ts); suites that test the limits start a platform with their own.
 * Trusting loopback proxies lets a suite speak for other addresses with X-Forwarded-For. A JSON file:
 * the Schemathesis stage (test/schemathesis/run.mjs, plain JavaScript) starts its platform with them too.
 */
export const TEST_CLIENT_LIMITS: Record<string, string> = testClientLimits;

const baseEnv = (name: string): Record<string, string> => ({
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
  JWT_SECRET: randomBytes(32).toString('hex'),
  SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
  SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
  SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
  RELAY_POLL_MS: '100',
  NAMESPACE: name,
  ...TEST_CLIENT_LIMITS,
});

export async function startPlatform(mode: Mode, options: PlatformOptions = {}): Promise<Platform> {
  const name = options.name ?? `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const runtime = options.runtime ?? (process.env.TEST_PLATFORM_RUNTIME === 'dist' ? 'dist' : 'tsx');
  const chosen = { ...options, runtime };
  return mode === 'embedded' ? startEmbedded(name, chosen) : startDistributed(name, chosen);
}

async function startEmbedded(name: string, options: PlatformOptions): Promise<Platform> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tapinti-${name}-`));
  const env = { ...baseEnv(name), PORT: String(port), DATA_DIR: dataDir, ...options.env };
  const url = `http://127.0.0.1:${port}`;
  const { runtime } = options;
  let proc = spawnTs('gateway/src/embedded.ts', env, `${name}-embedded`, runtime);
  await waitForReady(url, 180_000, proc.child, proc.logFile);
  return {
    mode: 'embedded',
    url,
    env,
    async restart(_service, options) {
      await stopProc(proc, undefined, options?.kill ? 'SIGKILL' : 'SIGTERM');
      Object.assign(env, options?.env);
      proc = spawnTs('gateway/src/embedded.ts', env, `${name}-embedded`, runtime);
      await waitForReady(url, 180_000, proc.child, proc.logFile);
    },
    async kill() {
      throw new Error('embedded mode is one process: kill replicas of a distributed platform');
    },
    async stop() {
      await stopProc(proc);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startDistributed(name: string, options: PlatformOptions): Promise<Platform> {
  const database = `tapinti_${name}`;
  await withAdmin((c) => c.query(`create database "${database}"`));
  const common: Record<string, string> = {
    ...baseEnv(name),
    DB_DRIVER: 'postgres',
    DATABASE_URL: `${INFRA.postgresBaseUrl}/${database}`,
    BUS: 'kafka',
    KAFKA_BROKERS: INFRA.kafkaBrokers,
    JOBS: 'bullmq',
    KV_STORE: 'redis',
    REDIS_URL: INFRA.redisUrl,
    STORAGE: 's3',
    S3_ENDPOINT: INFRA.s3Endpoint,
    S3_ACCESS_KEY: INFRA.s3AccessKey,
    S3_SECRET_KEY: INFRA.s3SecretKey,
    S3_BUCKET: INFRA.s3Bucket,
    MAIL: 'smtp',
    SMTP_HOST: INFRA.smtpHost,
    SMTP_PORT: INFRA.smtpPort,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `tapinti-${name}-`)),
    ...options.env,
  };
  const replicas = Math.max(1, options.replicas ?? 1);
  const indexes = Array.from({ length: replicas }, (_, i) => i);
  const ports = Object.fromEntries(
    await Promise.all(SERVICES.map(async (s) => [s, await Promise.all(indexes.map(() => freePort()))])),
  ) as Record<Service, number[]>;
  const urls = Object.fromEntries(
    SERVICES.map((s) => [s, ports[s].map((port) => `http://127.0.0.1:${port}`)]),
  ) as Record<Service, string[]>;
  const gatewayPort = await freePort();
  const procs = Object.fromEntries(SERVICES.map((s) => [s, [] as Proc[]])) as Record<Service, Proc[]>;
  // One replica logs to `<name>-<service>.log` as ever; several to `<name>-<service>-<index>.log`.
  const logName = (s: Service, i: number) => (replicas === 1 ? `${name}-${s}` : `${name}-${s}-${i}`);
  /** Variables given to a service's later restarts (`restart(service, { env })`). */
  const changed = Object.fromEntries(SERVICES.map((s) => [s, {}])) as Record<Service, Record<string, string>>;
  const startService = (s: Service, i: number) => {
    const env = { ...common, ...changed[s], PORT: String(ports[s][i]) };
    procs[s][i] = spawnTs(`services/${s}/src/main.ts`, env, logName(s, i), options.runtime);
  };
  // Every process starts at once: with several of each, the machine has that many times the work
  // (seven processes loading at once took 150 s at a load of 30 on 2 cores, the embedded one's 180 s).
  const ready = (s: Service, i: number) =>
    waitForReady(urls[s][i]!, 180_000 * replicas, procs[s][i]!.child, procs[s][i]!.logFile);
  const everyProc = () => SERVICES.flatMap((s) => procs[s]);
  SERVICES.forEach((s) => indexes.forEach((i) => startService(s, i)));
  const gatewayEnv: Record<string, string> = {
    ...common,
    PORT: String(gatewayPort),
    ...Object.fromEntries(SERVICES.map((s) => [upstreamUrlVariable(s), urls[s].join(',')])),
  };
  const gateway = spawnTs('gateway/src/main.ts', gatewayEnv, `${name}-gateway`, options.runtime);
  const url = `http://127.0.0.1:${gatewayPort}`;
  try {
    await Promise.all(SERVICES.flatMap((s) => indexes.map((i) => ready(s, i))));
    await waitForReady(url, 180_000, gateway.child, gateway.logFile);
  } catch (err) {
    await Promise.all([...everyProc().map((proc) => stopProc(proc)), stopProc(gateway)]);
    throw err;
  }
  return {
    mode: 'distributed',
    url,
    env: common,
    services: Object.fromEntries(SERVICES.map((s) => [s, urls[s][0]])) as Record<Service, string>,
    replicas: urls,
    async restart(service, options) {
      const targets = service ? [service] : [...SERVICES];
      for (const s of targets) Object.assign(changed[s], options?.env);
      for (const s of targets) {
        for (const i of indexes) {
          await stopProc(procs[s][i]!, undefined, options?.kill ? 'SIGKILL' : 'SIGTERM');
          startService(s, i);
        }
      }
      for (const s of targets) for (const i of indexes) await ready(s, i);
    },
    async kill(service, index) {
      const proc = procs[service][index];
      if (!proc) throw new Error(`${service} has no replica ${index}`);
      await stopProc(proc, undefined, 'SIGKILL');
    },
    async stop() {
      await Promise.all([stopProc(gateway), ...everyProc().map((proc) => stopProc(proc))]);
      fs.rmSync(common.DATA_DIR!, { recursive: true, force: true });
      if (!process.env.TEST_KEEP_DATABASES)
        await withAdmin((c) => c.query(`drop database if exists "${database}" with (force)`)).catch(
          () => undefined,
        );
    },
  };
}

const SHARED_FILE = path.join(ROOT, '.stack', 'test-platforms.json');

/** Modes to run, from TEST_MODES (e.g. "embedded"); both by default. */
export function selectedModes(): Mode[] {
  const wanted = (process.env.TEST_MODES ?? '').split(',').filter(Boolean);
  return wanted.length ? MODES.filter((m) => wanted.includes(m)) : MODES;
}

/**
 * The modes of a suite about a service's own rules (plans, limits, deadlines, invitations, claims,
 * complaints, conversations), which run the same code in both modes: the distributed one (real
 * Postgres, Kafka, Redis, S3, SMTP) unless TEST_MODES leaves only the embedded one. What differs
 * between the modes — adapters, restarts, delivery and mail, the event flow, uploads, the gateway, metrics —
 * keeps its suites in both, and each port's contract tests run both of its adapters.
 */
export function rulesModes(): Mode[] {
  const modes = selectedModes();
  return modes.includes('distributed') ? ['distributed'] : modes;
}

export interface SharedPlatform {
  mode: Mode;
  url: string;
  env: Record<string, string>;
  /** Distributed mode: each service's own base URL (as `Platform.services`). */
  services?: Record<Service, string>;
}

export function writeSharedPlatforms(platforms: SharedPlatform[]) {
  fs.mkdirSync(path.dirname(SHARED_FILE), { recursive: true });
  fs.writeFileSync(SHARED_FILE, JSON.stringify(platforms, null, 2));
}

/** The platforms the integration global setup started, one per selected mode. */
export function sharedPlatforms(): SharedPlatform[] {
  if (!fs.existsSync(SHARED_FILE))
    throw new Error('shared platforms are not running (integration global setup)');
  return JSON.parse(fs.readFileSync(SHARED_FILE, 'utf8'));
}

/** The shared platform of `rulesModes`. */
export function sharedRulesPlatforms(): SharedPlatform[] {
  const modes = rulesModes();
  return sharedPlatforms().filter((platform) => modes.includes(platform.mode));
}
