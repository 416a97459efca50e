// Idle memory of the distributed stack: `npm run stack`'s seven processes (infra/local/stack-up.sh,
// a stack of its own beside the usual one), through the tsx loader (the sources; how production ran
// before) and as the built JavaScript (dist/server). tsx runs twice: with an empty transform cache
// (a fresh container, or any machine's first start: tsx starts esbuild in every process to compile
// the sources) and again with the cache that run filled. Each is measured when every process is
// ready and idle: resident set size from /proc, a process's children included (tsx's esbuild).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { STACK_PROCESSES, startLocalStack, type StackProcess } from '../test/support/local-stack';
import { freePort, ROOT } from '../test/support/platform';

export type IdleRss = Record<StackProcess, number>;
export interface IdleRssFigures {
  tsxEmptyCache: IdleRss;
  tsxWarmCache: IdleRss;
  dist: IdleRss;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The process and all its descendants. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statFields(Number(entry))?.[1]);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Resident set size in bytes (VmRSS). */
function rssOf(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** CPU time used so far (user + system), in clock ticks. */
const cpuTicks = (pid: number) => {
  const f = statFields(pid);
  return f ? Number(f[11]) + Number(f[12]) : 0;
};

/** Waits until no process of the stack used more than 2 % of a core over a 3 s window. */
async function settle(pids: number[], timeoutMs = 60_000): Promise<void> {
  const windowMs = 3000;
  const maxTicks = (windowMs / 1000) * 100 * 0.02; // 100 ticks per second per core
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const before = pids.map(cpuTicks);
    await new Promise((r) => setTimeout(r, windowMs));
    if (pids.every((pid, i) => cpuTicks(pid) - before[i]! <= maxTicks)) return;
  }
}

async function measure(runtime: 'tsx' | 'dist', env: Record<string, string> = {}): Promise<IdleRss> {
  const stack = await startLocalStack({ runtime, env });
  try {
    const pids = STACK_PROCESSES.map((p) => stack.pidOf(p));
    // Start-up work (migrations, consumer groups joining, first relay polls) is over first.
    await new Promise((r) => setTimeout(r, 5000));
    await settle(pids);
    return Object.fromEntries(
      STACK_PROCESSES.map((p) => [p, processTree(stack.pidOf(p)).reduce((sum, pid) => sum + rssOf(pid), 0)]),
    ) as IdleRss;
  } finally {
    await stack.stop();
  }
}

export async function measureIdleRss(): Promise<IdleRssFigures> {
  // tsx keeps its transform cache under the temporary directory: a fresh one is an empty cache.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-tsx-cache-'));
  try {
    const tsxEmptyCache = await measure('tsx', { TMPDIR: tmp });
    const tsxWarmCache = await measure('tsx', { TMPDIR: tmp });
    return { tsxEmptyCache, tsxWarmCache, dist: await measure('dist') };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** `npm start`'s one process (built), ready and idle: RSS on its first start and on a restart. */
export async function measureEmbeddedIdleRss(): Promise<{ firstStart: number; restart: number }> {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server build failed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-embedded-rss-'));
  fs.rmdirSync(dataDir); // a new installation: no data directory yet
  const once = async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/embedded.js')], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    try {
      const deadline = Date.now() + 180_000;
      for (;;) {
        const ready = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) break;
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error('npm start did not become ready');
        await new Promise((r) => setTimeout(r, 500));
      }
      await new Promise((r) => setTimeout(r, 5000));
      await settle([child.pid!]);
      return processTree(child.pid!).reduce((sum, pid) => sum + rssOf(pid), 0);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  try {
    return { firstStart: await once(), restart: await once() };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const totalRss = (r: IdleRss) => STACK_PROCESSES.reduce((sum, p) => sum + r[p], 0);
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)} %`;

/** One line per process and the total: tsx (empty cache, warm cache), dist, and dist's share of each. */
export function formatIdleRss({ tsxEmptyCache, tsxWarmCache, dist }: IdleRssFigures): string {
  const rows: Array<[string, number, number, number]> = [
    ...STACK_PROCESSES.map((p): [string, number, number, number] => [
      p,
      tsxEmptyCache[p],
      tsxWarmCache[p],
      dist[p],
    ]),
    ['total', totalRss(tsxEmptyCache), totalRss(tsxWarmCache), totalRss(dist)],
  ];
  const header = [
    'process',
    'tsx, empty cache',
    'tsx, warm cache',
    'dist',
    'dist / tsx empty',
    'dist / tsx warm',
  ];
  const lines = rows.map(([name, cold, warm, built]) => [
    name,
    mb(cold),
    mb(warm),
    mb(built),
    percent(built, cold),
    percent(built, warm),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(line)].join('\n');
}
