// npm run bench: event-store appends/s, idle memory of the distributed stack (tsx → built
// JavaScript), then the announcements list benchmark (`npm run bench -- appends`: the appends only;
// `-- rss`: the memory only; `-- list`: the list only). See bench/README.md for what they measure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createKnex, migrateSchema } from '@tapinti/platform/db';
import { eventStoreMigration } from '@tapinti/eventstore/event-store-schema';
import { announcementsModule } from '../services/announcements/src/module';
import { INFRA } from '../test/support/infra';
import { freePort, ROOT, startPlatform, type Platform } from '../test/support/platform';
import { LIST_SQL, searchSql, startBareServer } from './bare-server';
import { formatIdleRss, measureIdleRss, totalRss } from './idle-rss';
import { seedAnnouncements } from './seed';
import { benchAppends } from './appends';

const TOTAL = Number(process.env.BENCH_ANNOUNCEMENTS ?? 100_000);
const DURATION = process.env.BENCH_DURATION ?? '12s';
const VUS = Number(process.env.BENCH_VUS ?? 8);
const APPEND_WRITERS = Number(process.env.BENCH_APPEND_WRITERS ?? 16);
const APPENDS_PER_WRITER = Number(process.env.BENCH_APPENDS_PER_WRITER ?? 150);
const APPENDS_ONLY = process.argv.includes('appends');
const RSS_ONLY = process.argv.includes('rss');
const LIST_ONLY = process.argv.includes('list');
/** The share of the tsx figure the built JavaScript should stay under (issue 13). */
const RSS_TARGET = 0.6;
const K6 = path.join(process.env.TAPINTI_CACHE ?? path.join(ROOT, '.cache'), 'bin', 'k6');

/** Searches measured (issue 24) and explained: each must use indexes only (no `Seq Scan`). */
const SEARCHES = [
  { name: "search 'PULQABI' (common word)", search: 'PULQABI' },
  { name: "search 'E77777' (one match)", search: 'E77777' },
  // 1–2 letters have no trigram: word starts from the search terms' index.
  { name: "search 'zq' (2 letters, no match)", search: 'zq' },
  { name: "search 'pu' (2 letters, common)", search: 'pu' },
  { name: "search 'кошелёк' (Cyrillic, the same concept)", search: 'кошелёк' },
  { name: "search 'pulqbi' (a typo)", search: 'pulqbi' },
  { name: "search 'eynek' (rare word, letters folded)", search: 'eynek' },
];
const SCENARIOS = [
  { name: 'list (newest 200)', path: '/api/announcements' },
  ...SEARCHES.map(({ name, search }) => ({
    name,
    path: `/api/announcements?search=${encodeURIComponent(search)}`,
  })),
];

const log = (message: string) => console.log(`[bench] ${message}`);
const ms = (v: number) => `${v.toFixed(1)} ms`;

interface K6Result {
  med: number;
  p95: number;
  rps: number;
  failedRate: number;
}

async function runK6(baseUrl: string, targetPath: string, duration = DURATION): Promise<K6Result> {
  const summaryFile = path.join(os.tmpdir(), `k6-summary-${process.pid}-${Date.now()}.json`);
  const script = path.join(ROOT, 'bench', 'k6', 'announcements.js');
  const wrapper = path.join(os.tmpdir(), `k6-wrapper-${process.pid}.js`);
  // handleSummary writes the machine-readable summary (k6 then prints nothing of its own).
  fs.writeFileSync(
    wrapper,
    `export { options, default } from ${JSON.stringify(script)};\n` +
      `export function handleSummary(data) { return { ${JSON.stringify(summaryFile)}: JSON.stringify(data) }; }\n`,
  );
  // Asynchronously: the bare server runs in this process and must keep answering meanwhile.
  const result = await new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(K6, ['run', '--quiet', '--no-usage-report', wrapper], {
      env: {
        ...process.env,
        BASE_URL: baseUrl,
        TARGET_PATH: targetPath,
        VUS: String(VUS),
        DURATION: duration,
        K6_NO_USAGE_REPORT: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => resolve({ status, output }));
  });
  if (result.status !== 0 || !fs.existsSync(summaryFile))
    throw new Error(`k6 failed (${result.status}): ${result.output}`);
  const data = JSON.parse(fs.readFileSync(summaryFile, 'utf8'));
  fs.rmSync(summaryFile, { force: true });
  if (!data.metrics?.http_req_duration)
    throw new Error(`k6 measured nothing: ${JSON.stringify(data.metrics ?? data).slice(0, 500)}`);
  const d = data.metrics.http_req_duration.values;
  return {
    med: d.med,
    p95: d['p(95)'],
    rps: data.metrics.http_reqs.values.rate,
    failedRate: data.metrics.http_req_failed?.values.rate ?? 0,
  };
}

async function explain(client: pg.Client, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await client.query(`explain (analyze, costs off, timing on) ${sql}`, params);
  const lines = rows.map((r) => r['QUERY PLAN'] as string);
  const nodes = lines
    .filter((l) => /Scan|Sort|Limit|BitmapOr|BitmapAnd|Aggregate/.test(l))
    .map((l) => l.trim().replace(/\s+\(actual.*$/, ''));
  const total = lines.find((l) => l.startsWith('Execution Time'));
  const sequential = lines.some((l) => /Seq Scan on announcements\b/.test(l)) ? ' — SEQUENTIAL SCAN' : '';
  return `${nodes.join(' → ')}; ${total}${sequential}`;
}

/** The database's time for a query over repeated runs: p50 and p95 of `Execution Time`. */
async function databaseTimes(client: pg.Client, sql: string, params: unknown[], runs = 40): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { rows } = await client.query(
      `explain (analyze, costs off, timing off, summary on) ${sql}`,
      params,
    );
    const line = rows.map((r) => r['QUERY PLAN'] as string).find((l) => l.startsWith('Execution Time'));
    times.push(Number(/([0-9.]+) ms/.exec(line ?? '')?.[1] ?? NaN));
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return `p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))} (target p95 ≤ 50 ms: ${at(0.95) <= 50 ? 'met' : 'NOT met'})`;
}

async function main() {
  if (!process.env.BENCH_SKIP_INFRA) {
    // Installs what is missing (k6 included: only the list benchmark needs it) and starts the servers.
    const steps = [['infra/local/install.sh', 'k6'], ['infra/local/infra-up.sh']].slice(
      APPENDS_ONLY || RSS_ONLY ? 1 : 0,
    );
    for (const args of steps) {
      const step = spawnSync('bash', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      if (step.status !== 0) throw new Error(`${args.join(' ')} failed`);
    }
  }
  if (!RSS_ONLY && !LIST_ONLY) await benchAppendsStep();
  if (APPENDS_ONLY) return;
  if (!LIST_ONLY) await idleRssStep();
  if (RSS_ONLY) return;
  await listStep();
}

async function benchAppendsStep() {
  const appends = await benchAppends({ writers: APPEND_WRITERS, appendsPerWriter: APPENDS_PER_WRITER });
  log(
    `appends to distinct streams: ${appends.perSecond.toFixed(0)} appends/s ` +
      `(${appends.writers} writers, ${appends.appends} one-event commits in ${appends.seconds.toFixed(2)} s)`,
  );
}

/** Idle RSS per process of `npm run stack`: through tsx (before) and built (after). */
async function idleRssStep() {
  const figures = await measureIdleRss();
  log('idle RSS per process of npm run stack (ready and idle, children included):');
  console.log(`\n${formatIdleRss(figures)}\n`);
  const ratio = totalRss(figures.dist) / totalRss(figures.tsxEmptyCache);
  log(
    `built stack: ${(ratio * 100).toFixed(0)} % of the tsx stack as it starts in a fresh container ` +
      `(target ≤ ${RSS_TARGET * 100} %: ${ratio <= RSS_TARGET ? 'met' : 'NOT met'}), ` +
      `${((totalRss(figures.dist) / totalRss(figures.tsxWarmCache)) * 100).toFixed(0)} % of it with a warm cache`,
  );
}

async function listStep() {
  if (!fs.existsSync(K6)) throw new Error(`k6 is not installed at ${K6}`);
  const started = Date.now();
  const database = `tapinti_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: INFRA.postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  const databaseUrl = `${INFRA.postgresBaseUrl}/${database}`;
  let platform: Platform | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    // Seeded before the services start, so the relay and the archive sweep start after it.
    const knex = await createKnex({ driver: 'postgres', url: databaseUrl });
    await migrateSchema(knex, announcementsModule.schema, [
      eventStoreMigration(announcementsModule.schema),
      ...announcementsModule.migrations,
    ]);
    await knex.destroy();
    await db.connect();
    const t0 = Date.now();
    const seeded = await seedAnnouncements(db, {
      total: TOTAL,
      archivedEvery: 10,
      batchSize: 5000,
      archiveAfterMs: 30 * 24 * 3600 * 1000,
    });
    log(
      `seeded ${TOTAL} announcements (${seeded.open} open, ${seeded.archived} archived) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );

    // The built JavaScript, as production runs it.
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the server build failed');
    platform = await startPlatform('distributed', {
      name: `bench${Date.now().toString(36)}`,
      env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      runtime: 'dist',
    });
    bare = await startBareServer(databaseUrl, await freePort());
    log(`distributed platform at ${platform.url}; bare express + pg server at ${bare.url}`);

    // Same answers from both, or the comparison means nothing.
    for (const scenario of SCENARIOS) {
      const [viaGateway, viaBare] = await Promise.all(
        [platform.url, bare.url].map(async (base) =>
          ((await (await fetch(base + scenario.path)).json()) as Array<{ id: string }>).map((a) => a.id),
        ),
      );
      if (JSON.stringify(viaGateway) !== JSON.stringify(viaBare))
        throw new Error(`different answers for ${scenario.path}`);
      log(`${scenario.path}: ${viaGateway!.length} announcements in the answer`);
    }
    log(`plan, list:   ${await explain(db, LIST_SQL, [200])}`);
    for (const { search } of SEARCHES) {
      const { list, count } = await searchSql(db, search);
      await db.query('set enable_seqscan = off'); // as the service runs a search (`withIndexesOnly`)
      log(`plan, '${search}' page:  ${await explain(db, list.sql, list.bindings)}`);
      log(`plan, '${search}' count: ${await explain(db, count.sql, count.bindings)}`);
      log(`database, '${search}' page:  ${await databaseTimes(db, list.sql, list.bindings)}`);
      log(`database, '${search}' count: ${await databaseTimes(db, count.sql, count.bindings)}`);
    }

    log(
      `k6: ${VUS} virtual users, ${DURATION} per run, loopback, ${os.cpus().length} CPUs shared by everything`,
    );
    const rows: string[][] = [];
    for (const scenario of SCENARIOS) {
      await runK6(platform.url, scenario.path, '3s'); // warm-up (JIT, pools, Postgres caches)
      await runK6(bare.url, scenario.path, '2s');
      const gateway = await runK6(platform.url, scenario.path);
      const baseline = await runK6(bare.url, scenario.path);
      rows.push([
        scenario.name,
        `${ms(gateway.med)} / ${ms(gateway.p95)}`,
        `${ms(baseline.med)} / ${ms(baseline.p95)}`,
        `${(gateway.med / baseline.med).toFixed(2)}× / ${(gateway.p95 / baseline.p95).toFixed(2)}×`,
        `${gateway.rps.toFixed(0)} / ${baseline.rps.toFixed(0)}`,
        `${(gateway.failedRate * 100).toFixed(1)}% / ${(baseline.failedRate * 100).toFixed(1)}%`,
      ]);
    }
    const header = [
      'GET',
      'gateway p50 / p95',
      'bare p50 / p95',
      'ratio p50 / p95',
      'req/s gw / bare',
      'errors gw / bare',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
    console.log(
      `\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n${rows.map(line).join('\n')}\n`,
    );
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await db.end().catch(() => undefined);
    await bare?.stop().catch(() => undefined);
    await platform?.stop().catch(() => undefined);
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
