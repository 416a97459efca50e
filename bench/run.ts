// npm run bench: event-store appends/s, idle memory of the distributed stack (tsx → built
// JavaScript), then the announcements list benchmark (`npm run bench -- appends`: the appends only;
// `-- rss`: the memory only; `-- list`: the list only). See bench/README.md for what they measure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createKnex, migrateSchema, PLANNER_OPTIONS, type Knex } from '@tapinti/platform/db';
import { eventStoreMigration } from '@tapinti/eventstore/event-store-schema';
import { announcementsModule } from '../services/announcements/src/module';
import { INFRA } from '../test/support/infra';
import { freePort, ROOT, startPlatform, type Platform } from '../test/support/platform';
import { filtersOf, startBareServer } from './bare-server';
import { countPublic, listPublicPage } from '../services/announcements/src/store/queries';
import { formatIdleRss, mb, measureEmbeddedIdleRss, measureIdleRss, totalRss } from './idle-rss';
import { STACK_PROCESSES } from '../test/support/local-stack';
import { seedAnnouncements } from './seed';
import { benchAppends } from './appends';
import { buildServer, prepareInfrastructure } from './prepare';

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
/** Issue 23: idle RSS of the built distributed stack and of `npm start`. */
const STACK_RSS_TARGET_MB = 700;
const EMBEDDED_RSS_TARGET_MB = 400;
const MB = 1024 * 1024;
const K6 = path.join(process.env.TAPINTI_CACHE ?? path.join(ROOT, '.cache'), 'bin', 'k6');

/** Read targets (issue 23): the gateway's req/s as a share of the bare server's, same page, same run. */
const LIST_TARGET = 0.8;
const SEARCH_TARGET = 0.6;
/** Issue 24: every kind of query answers within this p95 in the database, without a sequential scan. */
const DATABASE_P95_TARGET_MS = 50;

interface Scenario {
  name: string;
  query: { search?: string; category?: string; place?: string };
  /** None: printed, not judged. */
  target: number | null;
  /** Every request its own URL (a parameter nobody reads), so no answer kept by the service is ever sent. */
  everyUrlNew?: boolean;
}

/** Each is measured through the gateway and the bare server with k6, and explained. */
const ALL_SCENARIOS: Scenario[] = [
  { name: 'list (newest 200)', query: {}, target: LIST_TARGET },
  // What an answer costs when it is not kept (the first after a change): for the record.
  { name: 'list (newest 200), never kept', query: {}, target: null, everyUrlNew: true },
  { name: "category 'bags'", query: { category: 'bags' }, target: LIST_TARGET },
  { name: "place 'd-sabail' (a district)", query: { place: 'd-sabail' }, target: LIST_TARGET },
  { name: "search 'PULQABI' (common word)", query: { search: 'PULQABI' }, target: SEARCH_TARGET },
  { name: "search 'E77777' (one row)", query: { search: 'E77777' }, target: SEARCH_TARGET },
  // 1–2 letters have no trigram: word starts from the search terms' index.
  { name: "search 'zq' (2 letters, no match)", query: { search: 'zq' }, target: SEARCH_TARGET },
  { name: "search 'pu' (2 letters, common)", query: { search: 'pu' }, target: SEARCH_TARGET },
  {
    name: "search 'кошелёк' (Cyrillic, the same concept)",
    query: { search: 'кошелёк' },
    target: SEARCH_TARGET,
  },
  { name: "search 'pulqbi' (a typo)", query: { search: 'pulqbi' }, target: SEARCH_TARGET },
  { name: "search 'eynek' (rare word, letters folded)", query: { search: 'eynek' }, target: SEARCH_TARGET },
];
/** `BENCH_SCENARIOS=list,PULQABI`: only the scenarios whose names contain one of these. */
const chosen = process.env.BENCH_SCENARIOS?.split(',').filter(Boolean);
const SCENARIOS = chosen
  ? ALL_SCENARIOS.filter((s) => chosen.some((c) => s.name.includes(c)))
  : ALL_SCENARIOS;
const pathOf = (query: Scenario['query']) => {
  const params = new URLSearchParams(query as Record<string, string>).toString();
  return `/api/announcements${params ? `?${params}` : ''}`;
};

/** Every target missed, printed again at the end; any makes the bench exit non-zero. */
const missed: string[] = [];
const verdict = (name: string, met: boolean) => {
  if (!met) missed.push(name);
  return met ? 'PASS' : 'FAIL';
};

const log = (message: string) => console.log(`[bench] ${message}`);
const ms = (v: number) => `${v.toFixed(1)} ms`;

interface K6Result {
  med: number;
  p95: number;
  rps: number;
  failedRate: number;
}

async function runK6(
  baseUrl: string,
  targetPath: string,
  duration = DURATION,
  everyUrlNew = false,
): Promise<K6Result> {
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
        EVERY_URL_NEW: everyUrlNew ? '1' : '',
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

async function explain(
  client: pg.Client,
  sql: string,
  params: unknown[],
): Promise<{ plan: string; sequential: boolean }> {
  const { rows } = await client.query(`explain (analyze, costs off, timing on) ${sql}`, params);
  const lines = rows.map((r) => r['QUERY PLAN'] as string);
  const nodes = lines
    .filter((l) => /Scan|Sort|Limit|BitmapOr|BitmapAnd|Aggregate/.test(l))
    .map((l) => l.trim().replace(/\s+\(actual.*$/, ''));
  const total = lines.find((l) => l.startsWith('Execution Time'));
  const sequential = lines.some((l) => /Seq Scan on announcements\b/.test(l));
  return { plan: `${nodes.join(' → ')}; ${total}${sequential ? ' — SEQUENTIAL SCAN' : ''}`, sequential };
}

/** p50 and p95 of a list of times. */
function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function main() {
  // k6: only the list benchmark needs it.
  prepareInfrastructure({ k6: !(APPENDS_ONLY || RSS_ONLY) });
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
      `(target ≤ ${RSS_TARGET * 100} %: ${verdict(`idle RSS: built stack ${(ratio * 100).toFixed(0)} % of the tsx stack`, ratio <= RSS_TARGET)}), ` +
      `${((totalRss(figures.dist) / totalRss(figures.tsxWarmCache)) * 100).toFixed(0)} % of it with a warm cache`,
  );
  // RSS counts the node binary and its libraries (≈ 45 MB, shared) in every process; the machine holds
  // them once. The target is on what the stack takes: private pages plus one copy of the shared ones.
  const stackMemory = figures.distMemory;
  log(
    `built stack idle, ${STACK_PROCESSES.length} processes: ${mb(stackMemory)} in memory — ` +
      `${mb(totalRss(figures.distPrivate))} private + ${mb(stackMemory - totalRss(figures.distPrivate))} shared, once ` +
      `(the sum of RSS, which counts the shared pages in every process: ${mb(totalRss(figures.dist))}) ` +
      `(issue 23, target ≤ ${STACK_RSS_TARGET_MB} MB): ` +
      verdict(`idle memory: built stack ${mb(stackMemory)}`, stackMemory <= STACK_RSS_TARGET_MB * MB),
  );
  const embedded = await measureEmbeddedIdleRss();
  for (const [when, bytes] of [
    ['first start (new data directory)', embedded.firstStart],
    ['restart', embedded.restart],
  ] as const)
    log(
      `npm start idle (built, one process), ${when}: ${mb(bytes)} (issue 23, target ≤ ${EMBEDDED_RSS_TARGET_MB} MB): ` +
        verdict(`idle RSS: npm start, ${when}, ${mb(bytes)}`, bytes <= EMBEDDED_RSS_TARGET_MB * MB),
    );
}

/** The database's time for a query: `Execution Time` of `explain analyze` (no client, no round trip). */
async function executionTime(client: pg.Client, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await client.query(`explain (analyze, costs off, timing off, summary on) ${sql}`, params);
  const line = rows.map((r) => r['QUERY PLAN'] as string).find((l) => l.startsWith('Execution Time'));
  return Number(/([0-9.]+) ms/.exec(line ?? '')?.[1] ?? NaN);
}

/**
 * Every kind of query in the database (issue 24): the page and the total of each scenario and of
 * a date filter, as the service's own code asks them (`listPublicPage`, `countPublic`: a one-word
 * search's page is a few queries, one per way of matching, until the page is full), planned as its
 * connections plan them (no planner switch). Each is run 40 times: its time is the sum of its
 * queries' execution times in Postgres; p95 against the target, and a sequential scan in any of its
 * queries is a failure.
 */
async function databaseStep(db: pg.Client, knex: Knex) {
  const week = new Date(Date.now() - 7 * 24 * 3600 * 1000);
  const kinds = [
    ...SCENARIOS.map((s) => ({ name: s.name, query: s.query as Parameters<typeof filtersOf>[1] })),
    { name: 'posted in the last 7 days (total up to the cap)', query: { postedFrom: week } },
  ];
  let issued: Array<{ sql: string; bindings: unknown[] }> = [];
  knex.on('query', (q: { sql: string; bindings?: unknown[] }) =>
    issued.push({ sql: q.sql, bindings: q.bindings ?? [] }),
  );
  for (const kind of kinds) {
    const filters = await filtersOf(knex, kind.query);
    for (const [part, run] of [
      ['page', () => listPublicPage(knex, { ...filters, limit: 200 })],
      ['total', () => countPublic(knex, filters)],
    ] as const) {
      issued = [];
      await run();
      const queries = issued;
      const plans = [];
      for (const q of queries) plans.push(await explain(db, q.sql, q.bindings));
      const times: number[] = [];
      for (let i = 0; i < 40; i++) {
        let sum = 0;
        for (const q of queries) sum += await executionTime(db, q.sql, q.bindings);
        times.push(sum);
      }
      const { p50, p95 } = percentiles(times);
      const sequential = plans.some((p) => p.sequential);
      const met = !sequential && p95 <= DATABASE_P95_TARGET_MS;
      log(
        `database, ${kind.name}, ${part}: p50 ${ms(p50)}, p95 ${ms(p95)}, ${queries.length} ${queries.length === 1 ? 'query' : 'queries'} ` +
          `(target p95 ≤ ${DATABASE_P95_TARGET_MS} ms, no sequential scan): ` +
          `${verdict(`database, ${kind.name}, ${part}: p95 ${ms(p95)}${sequential ? ', sequential scan' : ''}`, met)}`,
      );
      for (const plan of plans) log(`  plan: ${plan.plan}`);
    }
  }
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
  // Planned as the services plan (`createKnex`).
  const db = new pg.Client({ connectionString: databaseUrl, options: PLANNER_OPTIONS });
  try {
    // Seeded before the services start, so the relay and the archive sweep start after it.
    const migrator = await createKnex({ driver: 'postgres', url: databaseUrl });
    await migrateSchema(migrator, announcementsModule.schema, [
      eventStoreMigration(announcementsModule.schema),
      ...announcementsModule.migrations,
    ]);
    await migrator.destroy();
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
    buildServer();
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
          ((await (await fetch(base + pathOf(scenario.query))).json()) as Array<{ id: string }>).map(
            (a) => a.id,
          ),
        ),
      );
      if (JSON.stringify(viaGateway) !== JSON.stringify(viaBare))
        throw new Error(`different answers for ${pathOf(scenario.query)}`);
      log(`${pathOf(scenario.query)}: ${viaGateway!.length} announcements in the answer`);
    }
    const knex = await createKnex({ driver: 'postgres', url: databaseUrl, poolMax: 1 });
    try {
      await databaseStep(db, knex);
    } finally {
      await knex.destroy();
    }

    log(
      `k6: ${VUS} virtual users, ${DURATION} per run, loopback, ${os.cpus().length} CPUs shared by everything, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')}`,
    );
    const rows: string[][] = [];
    for (const scenario of SCENARIOS) {
      const target = pathOf(scenario.query);
      const everyUrlNew = scenario.everyUrlNew ?? false;
      await runK6(platform.url, target, '3s', everyUrlNew); // warm-up (JIT, pools, Postgres caches)
      await runK6(bare.url, target, '2s', everyUrlNew);
      const gateway = await runK6(platform.url, target, DURATION, everyUrlNew);
      const baseline = await runK6(bare.url, target, DURATION, everyUrlNew);
      const share = gateway.rps / baseline.rps;
      const errorFree = gateway.failedRate === 0 && baseline.failedRate === 0;
      if (scenario.target === null) {
        rows.push([
          scenario.name,
          `${ms(gateway.med)} / ${ms(gateway.p95)}`,
          `${ms(baseline.med)} / ${ms(baseline.p95)}`,
          `${gateway.rps.toFixed(0)} / ${baseline.rps.toFixed(0)}`,
          `${share.toFixed(2)}× (no target)`,
          `${(gateway.failedRate * 100).toFixed(1)}% / ${(baseline.failedRate * 100).toFixed(1)}%`,
          verdict(`${scenario.name}: errors`, errorFree),
        ]);
        continue;
      }
      rows.push([
        scenario.name,
        `${ms(gateway.med)} / ${ms(gateway.p95)}`,
        `${ms(baseline.med)} / ${ms(baseline.p95)}`,
        `${gateway.rps.toFixed(0)} / ${baseline.rps.toFixed(0)}`,
        `${share.toFixed(2)}× (≥ ${scenario.target}×)`,
        `${(gateway.failedRate * 100).toFixed(1)}% / ${(baseline.failedRate * 100).toFixed(1)}%`,
        verdict(
          `${scenario.name}: ${share.toFixed(2)}× of the bare server's req/s`,
          share >= scenario.target && errorFree,
        ),
      ]);
    }
    const header = [
      'GET',
      'gateway p50 / p95',
      'bare p50 / p95',
      'req/s gw / bare',
      'gw / bare (target)',
      'errors gw / bare',
      '',
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
  () => {
    if (missed.length === 0) process.exit(0);
    console.error(
      `\n[bench] FAILED — ${missed.length} target(s) missed:\n${missed.map((m) => `  - ${m}`).join('\n')}`,
    );
    process.exit(1);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
