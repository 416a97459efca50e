// Idle memory of the distributed stack: `npm run stack`'s processes (infra/local/stack-up.sh,
// a stack of its own beside the usual one), through the tsx loader (the sources; how production ran
// before) and as the built JavaScript (dist/server). tsx runs twice: with an empty transform cache
// (a fresh container, or any machine's first start: tsx starts esbuild in every process to compile
// the sources) and again with the cache that run filled. Each is measured when every process is
// ready and idle: resident set size from /proc, a process's children included (tsx's esbuild).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { STACK_PROCESSES, startLocalStack, type StackProcess } from '../test/support/local-stack';
import { freePort, ROOT } from '../test/support/platform';
import { buildServer } from './prepare';

export type IdleRss = Record<StackProcess, number>;
export interface IdleRssFigures {
  tsxEmptyCache: IdleRss;
  tsxWarmCache: IdleRss;
  dist: IdleRss;
  /** The built stack's pages that are its processes' own (private: heap, stacks, JIT code). */
  distPrivate: IdleRss;
  /**
   * The built stack's memory as the machine pays for it: every process's private pages, plus the
   * shared ones (the node binary and its libraries, ≈ 45 MB of each process's RSS, one copy in
   * memory) once per mapped file.
   */
  distMemory: number;
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

/**
 * A process's private resident pages in bytes, and its shared ones per mapped file (smaps): the node
 * binary, its libraries and native modules, which every process of the stack maps alike.
 */
function pagesOf(pid: number): { private: number; shared: Map<string, number> } {
  const shared = new Map<string, number>();
  let own = 0;
  let mapping = '';
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return { private: 0, shared };
  }
  for (const line of text.split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) mapping = header[1] || `[anonymous, ${pid} ${line.slice(0, 12)}]`;
    const field = /^(Private_Clean|Private_Dirty|Shared_Clean|Shared_Dirty):\s+(\d+) kB$/.exec(line);
    if (!field) continue;
    const bytes = Number(field[2]) * 1024;
    if (field[1]!.startsWith('Private')) own += bytes;
    else shared.set(mapping, (shared.get(mapping) ?? 0) + bytes);
  }
  return { private: own, shared };
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

interface StackMemory {
  rss: IdleRss;
  private: IdleRss;
  /** Shared pages, each mapped file once (the most any process of the stack has resident of it). */
  shared: number;
}

async function measure(runtime: 'tsx' | 'dist', env: Record<string, string> = {}): Promise<StackMemory> {
  const stack = await startLocalStack({ runtime, env });
  try {
    const pids = STACK_PROCESSES.map((p) => stack.pidOf(p));
    // Start-up work (migrations, consumer groups joining, first relay polls) is over first.
    await new Promise((r) => setTimeout(r, 5000));
    await settle(pids);
    const trees = STACK_PROCESSES.map((p) => [p, processTree(stack.pidOf(p))] as const);
    const sumOf = (of: (pid: number) => number) =>
      Object.fromEntries(
        trees.map(([p, tree]) => [p, tree.reduce((sum, pid) => sum + of(pid), 0)]),
      ) as IdleRss;
    const sharedOnce = new Map<string, number>();
    for (const [, tree] of trees)
      for (const pid of tree)
        for (const [file, bytes] of pagesOf(pid).shared)
          sharedOnce.set(file, Math.max(sharedOnce.get(file) ?? 0, bytes));
    return {
      rss: sumOf(rssOf),
      private: sumOf((pid) => pagesOf(pid).private),
      shared: [...sharedOnce.values()].reduce((sum, bytes) => sum + bytes, 0),
    };
  } finally {
    await stack.stop();
  }
}

export async function measureIdleRss(): Promise<IdleRssFigures> {
  // tsx keeps its transform cache under the temporary directory: a fresh one is an empty cache.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-tsx-cache-'));
  try {
    const tsxEmptyCache = (await measure('tsx', { TMPDIR: tmp })).rss;
    const tsxWarmCache = (await measure('tsx', { TMPDIR: tmp })).rss;
    const dist = await measure('dist');
    return {
      tsxEmptyCache,
      tsxWarmCache,
      dist: dist.rss,
      distPrivate: dist.private,
      distMemory: totalRss(dist.private) + dist.shared,
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** `npm start`'s one process (built), ready and idle: RSS on its first start and on a restart. */
export async function measureEmbeddedIdleRss(): Promise<{ firstStart: number; restart: number }> {
  buildServer();
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

/**
 * One line per process and the total: tsx (empty cache, warm cache), dist, and dist's share of each;
 * dist's private pages.
 */
export function formatIdleRss({ tsxEmptyCache, tsxWarmCache, dist, distPrivate }: IdleRssFigures): string {
  const rows: Array<[string, number, number, number, number]> = [
    ...STACK_PROCESSES.map((p): [string, number, number, number, number] => [
      p,
      tsxEmptyCache[p],
      tsxWarmCache[p],
      dist[p],
      distPrivate[p],
    ]),
    ['total', totalRss(tsxEmptyCache), totalRss(tsxWarmCache), totalRss(dist), totalRss(distPrivate)],
  ];
  const header = [
    'process',
    'tsx, empty cache',
    'tsx, warm cache',
    'dist',
    'dist / tsx empty',
    'dist / tsx warm',
    'dist, private',
  ];
  const lines = rows.map(([name, cold, warm, built, own]) => [
    name,
    mb(cold),
    mb(warm),
    mb(built),
    percent(built, cold),
    percent(built, warm),
    mb(own),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(line)].join('\n');
}
