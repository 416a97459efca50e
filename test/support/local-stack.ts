import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { INFRA, withAdmin } from './infra';
import { freePort, ROOT, SERVICES, SUPER_ADMIN, type Service } from './platform';

/**
 * `npm run stack` (infra/local/stack-up.sh) as a second stack beside the usual one: its own
 * TAPINTI_STATE (pid files, logs, secret), ports, database and NAMESPACE. The shared servers
 * (Postgres, Kafka, Redis, S3, SMTP) are reused by the script, never stopped.
 */
export interface LocalStack {
  url: string;
  env: Record<string, string>;
  /** Runs stack-up.sh once more, to its end. */
  up(): Promise<{ code: number | null; output: string }>;
  /** The pid stack-up.sh recorded for a process of the stack. */
  pidOf(name: StackProcess): number;
  /** Stops the stack's processes (by their pid files), drops its database, removes its state. */
  stop(): Promise<void>;
}

export type StackProcess = Service | 'gateway';
export const STACK_PROCESSES: StackProcess[] = [...SERVICES, 'gateway'];

export interface LocalStackOptions {
  /** `dist` (the built JavaScript, the default) or `tsx` (the sources through the loader). */
  runtime?: 'dist' | 'tsx';
  /** An existing database to run on (kept by `stop`); a fresh one otherwise. */
  databaseUrl?: string;
  env?: Record<string, string>;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A base whose six following ports (one per service, as stack-up.sh counts them) are free. */
async function freeServicePortBase(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const free = await Promise.all(SERVICES.map((_, i) => portIsFree(base + i + 1)));
    if (free.every(Boolean)) return base;
  }
}

export const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Creates the stack's state and database; the first `up()` starts it. */
export async function prepareLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const name = `stk${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), `tapinti-${name}-`));
  const database = options.databaseUrl ? undefined : `tapinti_${name}`;
  if (database) await withAdmin((c) => c.query(`create database "${database}"`));
  const gatewayPort = await freePort();
  const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR', 'TAPINTI_CACHE'];
  const env: Record<string, string> = {
    ...Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]!])),
    TAPINTI_STATE: stateDir,
    TAPINTI_STACK_RUNTIME: options.runtime ?? 'dist',
    PORT: String(gatewayPort),
    TAPINTI_SERVICE_PORT_BASE: String(await freeServicePortBase()),
    DATABASE_URL: options.databaseUrl ?? `${INFRA.postgresBaseUrl}/${database}`,
    NAMESPACE: name,
    LOG_LEVEL: 'warn',
    // Seconds each process may take to become ready: longer than by hand, the machine is shared.
    TAPINTI_STACK_READY_TIMEOUT: '240',
    SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    ...options.env,
  };
  const runDir = path.join(stateDir, 'run');
  const pidOf = (processName: StackProcess) =>
    Number(fs.readFileSync(path.join(runDir, `${processName}.pid`), 'utf8').trim());
  return {
    url: `http://127.0.0.1:${gatewayPort}`,
    env,
    pidOf,
    up: () =>
      new Promise((resolve) => {
        const child = spawn('bash', [path.join(ROOT, 'infra/local/stack-up.sh')], { cwd: ROOT, env });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('close', (code) => resolve({ code, output }));
      }),
    async stop() {
      const pids = STACK_PROCESSES.filter((p) => fs.existsSync(path.join(runDir, `${p}.pid`))).map(pidOf);
      for (const pid of pids) if (pidAlive(pid)) process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + 20_000;
      while (pids.some(pidAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      for (const pid of pids.filter(pidAlive)) process.kill(pid, 'SIGKILL');
      if (database)
        await withAdmin((c) => c.query(`drop database if exists "${database}" with (force)`)).catch(
          () => undefined,
        );
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Prepares and starts a stack; throws with the script's output when it does not come up. */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const stack = await prepareLocalStack(options);
  const first = await stack.up();
  if (first.code !== 0) {
    await stack.stop();
    throw new Error(`stack-up.sh failed (${first.code}):\n${first.output}`);
  }
  return stack;
}
