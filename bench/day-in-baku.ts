// npm run bench -- day: a day in Baku (issue 23, point 2). Mixed traffic at fixed arrival rates
// (bench/k6/day-in-baku.js) against the distributed platform (the built JavaScript, every service its
// own process, Kafka, Redis, S3) and against the embedded one (`npm start`'s process). For each mode:
// the highest total arrival rate that meets the thresholds (reads p95 ≤ 150 ms, writes p95 ≤ 400 ms,
// no failed request, no iteration dropped), found in steps of BENCH_DAY_STEP_SECONDS (doubling, then
// bisecting), then a soak at 70 % of it for BENCH_DAY_SOAK_MINUTES: every process's RSS (growth
// ≤ 10 % after the warm-up), the relays' and consumers' lag (bounded, back to 0 after), no error,
// each criterion PASS/FAIL. Production's abuse limits; the load spread so that none is reached
// (bench/README.md says how). Exits non-zero when a criterion fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sharedConfigSchema } from '@tapinti/platform/config';
import { registerUser, signInSuperAdmin } from '../test/support/accounts';
import { eventually } from '../test/support/eventually';
import { HttpClient, uniqueName } from '../test/support/http-client';
import { metricsTargets, metricValue, parseMetrics } from '../test/support/metrics';
import {
  acceptInvitation,
  approvedOrganization,
  invitationLinkIn,
  waitForInvitationMail,
} from '../test/support/organizations';
import { inventoryPlanIs } from '../test/support/plans';
import { ROOT, startPlatform, TEST_CLIENT_LIMITS, type Mode, type Platform } from '../test/support/platform';
import { runK6Summary, type K6Summary } from './k6-summary';
import { buildServer, prepareInfrastructure } from './prepare';

const STEP_SECONDS = Number(process.env.BENCH_DAY_STEP_SECONDS ?? 30);
const SOAK_MINUTES = Number(process.env.BENCH_DAY_SOAK_MINUTES ?? 15);
const START_RATE = Number(process.env.BENCH_DAY_START_RATE ?? 8);
const MAX_RATE = Number(process.env.BENCH_DAY_MAX_RATE ?? 1024);
/** Bisection stops when the failing rate is within this factor of the passing one. */
const PRECISION = Number(process.env.BENCH_DAY_PRECISION ?? 1.15);
/** A soak rate of one's own instead of 70 % of the one found (to try the soak on a loaded machine). */
const SOAK_RATE = process.env.BENCH_DAY_SOAK_RATE ? Number(process.env.BENCH_DAY_SOAK_RATE) : undefined;
const MODES = (process.env.BENCH_DAY_MODES ?? 'distributed,embedded').split(',') as Mode[];
const SEEDERS = Number(process.env.BENCH_DAY_SEEDERS ?? 30);
const ORGANIZATIONS = 3;
const ITEMS_PER_ORGANIZATION = 6;
const TARGETS = { readP95: 150, writeP95: 400, rssGrowth: 0.1, soakShare: 0.7 };
/** Lag (events) the soak may show at any scrape: a few seconds of the load's events. */
const LAG_BOUND = Number(process.env.BENCH_DAY_LAG_BOUND ?? 1000);
const METRICS_TOKEN = 'bench-day-in-baku-metrics-token';
const MIX_FILE = path.join(ROOT, 'bench', 'k6', 'day-in-baku-mix.json');
const MIX = JSON.parse(fs.readFileSync(MIX_FILE, 'utf8')) as {
  shares: Record<string, number>;
  quotas: { post: number; claim: number; login: number; message: number };
  postsSpreadOver: number;
};
/** The people the first `posts` posts take: whole blocks of `postsSpreadOver` (k6's `posterOf`). */
const postersFor = (posts: number) =>
  Math.ceil(posts / (MIX.quotas.post * MIX.postsSpreadOver)) * MIX.postsSpreadOver;
/** Places the place filter asks for (gazetteer ids): a district, metro stations, a street, a square. */
const PLACES = ['d-sabail', 'm-28-may', 'nizami-street', 'm-ganjlik', 'fountain-square'];

const log = (message: string) => console.log(`[bench] day in Baku: ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const ms = (v: number | undefined) => (v === undefined ? '–' : `${v.toFixed(0)} ms`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Every criterion missed, printed again at the end; any makes the bench exit non-zero. */
const missed: string[] = [];
const verdict = (name: string, met: boolean) => {
  if (!met) missed.push(name);
  return met ? 'PASS' : 'FAIL';
};

/**
 * Production's abuse limits: the test platforms raise the per-client limits and the password-hashing
 * queue (TEST_CLIENT_LIMITS); here each is set back to the default the configuration gives.
 * TRUST_PROXY stays `loopback`: k6 stands for many people's addresses with X-Forwarded-For.
 */
function productionLimits(): Record<string, string> {
  const shape = sharedConfigSchema.shape as Record<string, { parse(v: unknown): unknown }>;
  return Object.fromEntries(
    Object.keys(TEST_CLIENT_LIMITS)
      .filter((key) => key !== 'TRUST_PROXY')
      .map((key) => {
        const value = shape[key]!.parse(undefined);
        return [
          key,
          Array.isArray(value)
            ? (value as Array<{ limit: number; windowSeconds: number }>)
                .map((r) => `${r.limit}/${r.windowSeconds}`)
                .join(',')
            : String(value),
        ];
      }),
  );
}

/** One person of the day: a session, and an address of their own. */
interface Person {
  username: string;
  password: string;
  cookie: string;
  address: string;
}

/** 10.<group>.x.y: each person's own address, groups apart. */
const addressOf = (group: number, n: number) => `10.${group}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

/**
 * Retries what production's limits refuse for a moment during the setup (503 when the password
 * hashing queue is full, 429 with Retry-After): the setup registers people one after the other.
 */
async function retrying<T>(what: string, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const message = (err as Error).message;
      if (attempt >= 20 || !/\b(503|429)\b/.test(message))
        throw new Error(`${what}: ${message}`, { cause: err });
      await sleep(500 * attempt);
    }
  }
}

async function register(
  url: string,
  prefix: string,
  address: string,
): Promise<Person & { client: HttpClient }> {
  const user = await retrying(`registering ${prefix}`, () =>
    registerUser(url, prefix, { 'x-forwarded-for': address }),
  );
  return {
    username: user.username,
    password: user.password,
    cookie: user.client.cookieHeader,
    address,
    client: user.client,
  };
}

/** At most `concurrency` of `tasks` at once (the setup's registrations wait for argon2). */
async function inTurn<T>(count: number, concurrency: number, task: (i: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

const SEED_ITEMS = [
  ['bags', 'qara dəri çanta', 'içində açarlar və eynək qabı var idi'],
  ['bags', 'qəhvəyi pulqabı', 'içində bank kartı və şəxsiyyət vəsiqəsi'],
  ['bags', 'bel çantası', 'içində noutbuk və dəftərlər'],
  ['keys', 'açar dəsti', 'üç açar, brelok ilə'],
  ['phones', 'telefon', 'ekranında kiçik cızıq var'],
  ['documents', 'tələbə bileti', 'universitetin möhürü ilə'],
  ['other', 'eynək', 'qara çərçivəli, qabı ilə'],
] as const;
const SEED_PLACES = [
  'Sahil bağı',
  '28 May metrosu',
  'Nizami küçəsi',
  'Gənclik metrosu',
  'Fəvvarələr meydanı',
  'İçərişəhər',
];

/** What k6 reads (DATA_FILE). */
interface DayData {
  people: Person[];
  announcements: string[];
  found: string[];
  conversations: Array<{ id: string; sides: [Person, Person] }>;
  places: string[];
  organizations: Array<{ id: string; storagePlaceId: string; items: string[]; admin: Person }>;
  superAdmin: Person;
}

type Offsets = Record<keyof typeof MIX.quotas, number>;

class Day {
  data!: DayData;
  offsets: Offsets = { post: 0, claim: 0, login: 0, message: 0 };
  /** Found announcements' holders (for conversations: the claimant's other side). */
  private holders = new Map<string, Person>();
  private talkers = 0;

  constructor(private readonly platform: Platform) {}

  async setUp() {
    const { url } = this.platform;
    const t0 = Date.now();
    const superAdminClient = await signInSuperAdmin(url);
    const organizations = await inTurn(ORGANIZATIONS, 1, (i) => this.organization(superAdminClient, i));
    log(`${ORGANIZATIONS} venues ready (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    // Seeders post the announcements the day reads and claims (each within the posting limits).
    const seeders = await inTurn(SEEDERS, 3, (i) => register(url, 'gunseed', addressOf(1, i)));
    log(`${SEEDERS} seeders registered (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    const announcements: string[] = [];
    const found: string[] = [];
    await inTurn(SEEDERS, 3, async (s) => {
      const seeder = seeders[s]!;
      for (let j = 0; j < MIX.quotas.post; j++) {
        const n = s * MIX.quotas.post + j;
        const [category, item, details] = SEED_ITEMS[n % SEED_ITEMS.length]!;
        const where = SEED_PLACES[Math.floor(n / SEED_ITEMS.length) % SEED_PLACES.length]!;
        const type = n % 2 ? 'found' : 'lost';
        const res = await seeder.client.post(
          '/api/announcements',
          {
            type,
            title: `${type === 'lost' ? 'İtirilib' : 'Tapılıb'}: ${item}`,
            description: `${item[0]!.toUpperCase()}${item.slice(1)}, ${details}. ${where} yaxınlığında.`,
            category,
            location: where,
          },
          { 'x-forwarded-for': seeder.address },
        );
        if (res.status !== 201) throw new Error(`seeding: ${res.status} ${res.text}`);
        announcements.push(res.body.id);
        if (type === 'found') {
          found.push(res.body.id);
          this.holders.set(res.body.id, seeder);
        }
      }
    });
    this.data = {
      people: [],
      announcements,
      found,
      conversations: [],
      places: PLACES,
      organizations,
      superAdmin: { username: '', password: '', cookie: superAdminClient.cookieHeader, address: '10.9.0.1' },
    };
    log(
      `set up in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${SEEDERS} people posted ${announcements.length} announcements ` +
        `(${found.length} found), ${ORGANIZATIONS} venues (pro plan) with ${ITEMS_PER_ORGANIZATION} items each`,
    );
  }

  /** A venue: applied, approved (pro: labels), its admin invited, a prefix, a shelf and a few items. */
  private async organization(superAdmin: HttpClient, i: number) {
    const { url } = this.platform;
    const applicant = await register(url, 'gunvenue', addressOf(7, i));
    const approved = await approvedOrganization(superAdmin, applicant.client, 'gunvenue', {
      subscriptionData: { plan: 'pro' },
    });
    const id = approved.organization.id;
    // The invitation e-mail waits behind the mail queue on a loaded machine: two minutes, not 30 s.
    const email = `${uniqueName('gunrehber')}@org.example.az`;
    const invited = await superAdmin.post(`/api/organizations/${id}/invitations`, {
      email,
      role: 'org_admin',
    });
    if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${invited.text}`);
    const mail = await waitForInvitationMail(this.platform, email, 120_000);
    const admin = await acceptInvitation(url, invitationLinkIn(mail.text)!.token, 'gunrehber');
    await inventoryPlanIs(admin.client, id, 'pro');
    const base = `/api/organizations/${id}/inventory`;
    const prefix = await admin.client.put(`${base}/prefix`, { prefix: `GN${'ABCDEFGH'[i]}` });
    if (prefix.status !== 200) throw new Error(`prefix: ${prefix.status} ${prefix.text}`);
    const shelf = await admin.client.post(`${base}/storage-places`, { name: 'Rəf 1', kind: 'shelf' });
    if (shelf.status !== 201) throw new Error(`storage place: ${shelf.status} ${shelf.text}`);
    const items: string[] = [];
    for (let j = 0; j < ITEMS_PER_ORGANIZATION; j++) {
      const item = await admin.client.post(`${base}/items`, {
        category: 'bags',
        title: 'Qara çanta',
        foundArea: 'Lobbi',
        storagePlaceId: shelf.body.id,
      });
      if (item.status !== 201) throw new Error(`intake: ${item.status} ${item.text}`);
      items.push(item.body.id);
    }
    return {
      id,
      storagePlaceId: shelf.body.id as string,
      items,
      admin: { username: '', password: '', cookie: admin.client.cookieHeader, address: addressOf(8, i) },
    };
  }

  /** Iterations a kind may start in a run of `seconds` at `rate` (k6 rounds each to a whole per minute). */
  private planned(kind: string, rate: number, seconds: number) {
    const perMinute = Math.max(1, Math.round(MIX.shares[kind]! * rate * 60));
    return Math.ceil((perMinute * seconds) / 60) + 1;
  }

  /** Enough people and conversations for a run, none used past its quota (new ones registered). */
  async prepare(rate: number, seconds: number) {
    const { url } = this.platform;
    const q = MIX.quotas;
    const people = Math.max(
      postersFor(this.offsets.post + this.planned('post', rate, seconds)),
      Math.ceil((this.offsets.claim + this.planned('claim', rate, seconds)) / q.claim),
      Math.ceil((this.offsets.login + this.planned('signIn', rate, seconds)) / q.login),
    );
    const have = this.data.people.length;
    if (people > have) log(`registering ${people - have} more people (${people} in all)`);
    if (people > have)
      this.data.people.push(
        ...(await inTurn(people - have, 3, (i) => register(url, 'gun', addressOf(2, have + i)))).map(
          ({ client: _client, ...person }) => person,
        ),
      );
    const conversations = Math.ceil(
      (this.offsets.message + this.planned('message', rate, seconds)) / q.message,
    );
    while (this.data.conversations.length < conversations) await this.talker();
  }

  /** A person who claims `quotas.claim` found announcements: as many conversations with their holders. */
  private async talker() {
    const { url } = this.platform;
    const talker = await register(url, 'gunsohbet', addressOf(3, this.talkers));
    const first = this.talkers * MIX.quotas.claim;
    this.talkers++;
    const opened: string[] = [];
    for (let j = 0; j < MIX.quotas.claim; j++) {
      const announcementId = this.data.found[(first + j) % this.data.found.length]!;
      // The requests service learns the announcement from its event: 404 until it has.
      const res = await eventually(
        async () => {
          const filed = await talker.client.post(
            '/api/requests',
            { announcementId, contactMethod: 'phone', message: 'Salam, bu mənim ola bilər.' },
            { 'x-forwarded-for': talker.address },
          );
          if (filed.status !== 201)
            throw new Error(`claim for a conversation: ${filed.status} ${filed.text}`);
          return filed;
        },
        { timeoutMs: 60_000, intervalMs: 250 },
      );
      opened.push(res.body.id);
      const { client: _client, ...claimant } = talker;
      this.data.conversations.push({ id: res.body.id, sides: [claimant, this.holders.get(announcementId)!] });
    }
    // The conversations service opens each from the claim's event.
    for (const id of opened)
      await eventually(
        async () => {
          const res = await talker.client.get(`/api/conversations/${id}`);
          if (res.status !== 200) throw new Error(`conversation ${id}: ${res.status}`);
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
  }

  /** One k6 run at `rate` for `seconds`; the quotas' numbering moves on past it. */
  async run(rate: number, seconds: number, dir: string): Promise<K6Summary> {
    await this.prepare(rate, seconds);
    const dataFile = path.join(dir, 'data.json');
    fs.writeFileSync(dataFile, JSON.stringify(this.data));
    const offsets = { ...this.offsets };
    this.offsets = {
      post: offsets.post + this.planned('post', rate, seconds),
      claim: offsets.claim + this.planned('claim', rate, seconds),
      login: offsets.login + this.planned('signIn', rate, seconds),
      message: offsets.message + this.planned('message', rate, seconds),
    };
    return runK6Summary('day-in-baku.js', {
      BASE_URL: this.platform.url,
      MIX_FILE,
      DATA_FILE: dataFile,
      PHOTO_FILE: path.join(dir, 'photo.jpg'),
      RATE: String(rate),
      DURATION: `${seconds}s`,
      OFFSETS: JSON.stringify(offsets),
    });
  }
}

/** A run's figures and whether they meet the thresholds. */
function judge({ metrics: m, failedChecks }: K6Summary) {
  const value = (metric: string, stat: string) => m[metric]?.values[stat];
  const readP95 = value('http_req_duration{kind:read}', 'p(95)') ?? 0;
  const writeP95 = value('http_req_duration{kind:write}', 'p(95)') ?? 0;
  const failedRate = value('http_req_failed', 'rate') ?? 0;
  const checksRate = value('checks', 'rate') ?? 1;
  const dropped = value('dropped_iterations', 'count') ?? 0;
  const requests = value('http_reqs', 'count') ?? 0;
  const failures = Object.keys(MIX.shares)
    .map((kind) => [kind, m[`failed_status_${kind}`]?.values] as const)
    .filter(([, v]) => v && v.count)
    .map(([kind, v]) => `${kind} ×${v!.count} (status ${v!.med}–${v!.max})`);
  const perKind = Object.keys(MIX.shares)
    .map((kind) => `${kind} ${ms(value(`http_req_duration{name:${kind}}`, 'p(95)'))}`)
    .join(', ');
  const errorFree = failedRate === 0 && checksRate === 1 && dropped === 0;
  return {
    met: readP95 <= TARGETS.readP95 && writeP95 <= TARGETS.writeP95 && errorFree,
    errorFree,
    readP95,
    writeP95,
    line:
      `reads p95 ${ms(readP95)} (≤ ${TARGETS.readP95}), writes p95 ${ms(writeP95)} (≤ ${TARGETS.writeP95}), ` +
      `${requests} requests, failed ${(failedRate * 100).toFixed(2)} %, dropped iterations ${dropped}` +
      (failures.length ? `; failures: ${failures.join(', ')}` : '') +
      // Which step of a visit failed (a post is four requests: upload URL, photo, path, post).
      (failedChecks.length
        ? ` (failed checks: ${failedChecks.map((c) => `${c.name} ×${c.fails}`).join(', ')})`
        : ''),
    perKind,
  };
}

/** The platform's processes (their environment names the platform's namespace), by name. */
function platformProcesses(namespace: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!environ.includes(`NAMESPACE=${namespace}`)) continue;
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const script = cmdline.find((arg) => arg.endsWith('.js')) ?? cmdline[0]!;
      found.set(Number(entry), `${path.basename(script, '.js')} (${entry})`);
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

function rssOf(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * The relays' lag plus every consumer group's (events), and the jobs waiting or running (a post's
 * match notifications are jobs the consumers leave behind them), over all the platform's processes.
 */
async function backlogOf(platform: Platform): Promise<{ lag: number; jobs: number }> {
  let lag = 0;
  let jobs = 0;
  let series = 0;
  for (const target of metricsTargets(platform)) {
    const res = await fetch(`${target}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status !== 200) throw new Error(`${target}/metrics: ${res.status}`);
    const samples = parseMetrics(await res.text());
    series += samples.filter((x) => /^tapinti_(relay|consumer)_lag_events$/.test(x.name)).length;
    lag +=
      (metricValue(samples, 'tapinti_relay_lag_events') ?? 0) +
      (metricValue(samples, 'tapinti_consumer_lag_events') ?? 0);
    jobs +=
      (metricValue(samples, 'tapinti_job_queue_jobs', { state: 'waiting' }) ?? 0) +
      (metricValue(samples, 'tapinti_job_queue_jobs', { state: 'active' }) ?? 0);
  }
  // No series at all: the lag cannot be seen, which must not read as "no lag".
  if (series === 0) throw new Error('no tapinti_relay_lag_events or tapinti_consumer_lag_events series');
  return { lag, jobs };
}

const lagOf = async (platform: Platform) => (await backlogOf(platform)).lag;

/**
 * Waits (up to `timeoutMs`) until every relay and consumer has caught up and no job waits or runs:
 * a run measures its own load, not what the setup or the run before left (the setup's 240 posts
 * leave over a thousand notifications to send, ≈ 15 s of the embedded process's work after the
 * consumers' lag is 0). The lag last seen.
 */
async function drained(platform: Platform, timeoutMs: number): Promise<{ lag: number; ms: number }> {
  const started = Date.now();
  let backlog = await backlogOf(platform);
  while ((backlog.lag > 0 || backlog.jobs > 0) && Date.now() - started < timeoutMs) {
    await sleep(1000);
    backlog = await backlogOf(platform);
  }
  return { lag: backlog.lag, ms: Date.now() - started };
}

/** Doubling from START_RATE until a run misses, then bisecting: the highest rate that met them all. */
async function highestRate(day: Day, platform: Platform, dir: string): Promise<number> {
  let passed = 0;
  let failed = Infinity;
  let rate = START_RATE;
  for (;;) {
    await drained(platform, 60_000);
    const result = judge(await day.run(rate, STEP_SECONDS, dir));
    log(
      `${platform.mode}, ${rate.toFixed(1)} visits/s for ${STEP_SECONDS} s: ${result.met ? 'meets' : 'MISSES'} — ` +
        `${result.line} (load average ${loadAverage()})`,
    );
    log(`  p95 per kind: ${result.perKind}`);
    if (result.met) passed = rate;
    else failed = rate;
    if (failed === Infinity) {
      if (rate * 2 > MAX_RATE) return passed;
      rate *= 2;
    } else if (passed === 0) {
      if (rate < 1) return 0;
      rate /= 2;
    } else if (failed / passed <= PRECISION) return passed;
    else rate = Math.round(((passed + failed) / 2) * 10) / 10;
  }
}

/** The soak: 70 % of the highest rate, RSS every 5 s and the lag every 10 s while it runs. */
async function soak(day: Day, platform: Platform, best: number, dir: string) {
  const rate = SOAK_RATE ?? Math.max(1, Math.round(best * TARGETS.soakShare * 10) / 10);
  const seconds = Math.round(SOAK_MINUTES * 60);
  await drained(platform, 60_000);
  const processes = platformProcesses(platform.env.NAMESPACE!);
  log(
    `${platform.mode}: soak at ${rate} visits/s (${SOAK_RATE ? 'BENCH_DAY_SOAK_RATE' : `${TARGETS.soakShare * 100} % of ${best}`}) for ${SOAK_MINUTES} min, ` +
      `${processes.size} processes (load average ${loadAverage()})`,
  );
  const started = Date.now();
  const rss = new Map<number, Array<{ at: number; bytes: number }>>();
  const lags: Array<{ at: number; lag: number }> = [];
  let running = true;
  const load = day.run(rate, seconds, dir).finally(() => (running = false));
  const sampling = (async () => {
    for (let tick = 0; running; tick++) {
      const at = (Date.now() - started) / 1000;
      for (const pid of processes.keys()) {
        const bytes = rssOf(pid);
        if (bytes !== undefined) rss.set(pid, [...(rss.get(pid) ?? []), { at, bytes }]);
      }
      if (tick % 2 === 0) lags.push({ at, lag: await lagOf(platform).catch(() => NaN) });
      await sleep(5000);
    }
  })();
  const [summary] = await Promise.all([load, sampling]);
  const after = await drained(platform, 60_000);

  const result = judge(summary);
  log(`${platform.mode} soak: ${result.line} (load average ${loadAverage()})`);
  log(`  p95 per kind: ${result.perKind}`);
  log(
    `${platform.mode} soak, reads p95 ${ms(result.readP95)} (≤ ${TARGETS.readP95} ms): ` +
      verdict(`${platform.mode} soak: reads p95 ${ms(result.readP95)}`, result.readP95 <= TARGETS.readP95),
  );
  log(
    `${platform.mode} soak, writes p95 ${ms(result.writeP95)} (≤ ${TARGETS.writeP95} ms): ` +
      verdict(
        `${platform.mode} soak: writes p95 ${ms(result.writeP95)}`,
        result.writeP95 <= TARGETS.writeP95,
      ),
  );
  log(
    `${platform.mode} soak, no error (no failed request or check, no dropped iteration): ` +
      verdict(`${platform.mode} soak: errors`, result.errorFree),
  );

  // RSS: growth from the end of the warm-up (the soak's first fifth) to its end, each process: the
  // median of the first minute after the warm-up against the last minute's. A minute, not a few
  // samples: a process whose answers make much garbage swings by a third between its collections (the
  // inventory service's label PDFs did, bench/README.md), which a leak's steady climb does not; the
  // per-minute medians show which.
  const warmUp = seconds * 0.2;
  const window = Math.min(60, (seconds - warmUp) / 2);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  let rssMet = rss.size === processes.size && processes.size > 0;
  const rows: string[] = [];
  for (const [pid, samples] of rss) {
    const settled = samples.filter((s) => s.at >= warmUp);
    const end = settled.at(-1)?.at ?? warmUp;
    const first = median(settled.filter((s) => s.at < warmUp + window).map((s) => s.bytes));
    const last = median(settled.filter((s) => s.at > end - window).map((s) => s.bytes));
    const growth = last / first - 1;
    const peak = Math.max(...samples.map((s) => s.bytes));
    const perMinute = Array.from({ length: Math.ceil(seconds / 60) }, (_, m) =>
      samples.filter((s) => s.at >= m * 60 && s.at < (m + 1) * 60).map((s) => s.bytes),
    )
      .filter((minute) => minute.length > 0)
      .map((minute) => (median(minute) / 1024 / 1024).toFixed(0));
    if (!(growth <= TARGETS.rssGrowth) || settled.length < 2) rssMet = false;
    rows.push(
      `${processes.get(pid)}: ${mb(first)} → ${mb(last)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %, peak ${mb(peak)}; ` +
        `per minute: ${perMinute.join(' ')} MB)`,
    );
  }
  log(
    `${platform.mode} soak, RSS after the warm-up (${warmUp.toFixed(0)} s; a minute's median) → end:\n    ${rows.join('\n    ')}`,
  );
  log(
    `${platform.mode} soak, every process's RSS growth ≤ ${TARGETS.rssGrowth * 100} % after the warm-up: ` +
      verdict(`${platform.mode} soak: RSS growth`, rssMet),
  );

  // Lag: never above the bound while the load runs, not growing (its second half's peak no more
  // than twice the first's, or under 100 events), and back to 0 within a minute after.
  const peakOf = (list: typeof lags) => Math.max(0, ...list.map((l) => l.lag));
  const firstHalf = peakOf(lags.filter((l) => l.at < seconds / 2));
  const secondHalf = peakOf(lags.filter((l) => l.at >= seconds / 2));
  const unreadable = lags.some((l) => Number.isNaN(l.lag));
  const lagMet =
    !unreadable &&
    Math.max(firstHalf, secondHalf) <= LAG_BOUND &&
    (secondHalf <= 100 || secondHalf <= 2 * firstHalf) &&
    after.lag === 0;
  log(
    `${platform.mode} soak, consumer and relay lag: peak ${firstHalf} events in the first half, ${secondHalf} in the second ` +
      `(${lags.length} scrapes${unreadable ? ', some unreadable' : ''}), ${after.lag} left ${(after.ms / 1000).toFixed(0)} s after the load ` +
      `(bounded: ≤ ${LAG_BOUND}, not growing, back to 0 within 60 s): ` +
      verdict(`${platform.mode} soak: lag`, lagMet),
  );
  return rate;
}

async function benchMode(mode: Mode, dir: string) {
  const platform = await startPlatform(mode, {
    name: `day${mode[0]}${Date.now().toString(36)}`,
    runtime: 'dist',
    env: { ...productionLimits(), LOG_LEVEL: 'warn', METRICS_TOKEN, RELAY_POLL_MS: '200' },
  });
  try {
    log(`${mode} platform (built JavaScript) at ${platform.url}, production abuse limits`);
    const day = new Day(platform);
    await day.setUp();
    const best = await highestRate(day, platform, dir);
    log(
      `${mode}: highest total arrival rate meeting the thresholds on this machine: ${best} visits/s ` +
        `(steps of ${STEP_SECONDS} s, load average ${loadAverage()}): ` +
        verdict(`${mode}: no rate met the thresholds`, best > 0),
    );
    const soakRate = best > 0 || SOAK_RATE ? await soak(day, platform, best, dir) : undefined;
    log(
      `${mode}: people registered ${day.data.people.length}, conversations ${day.data.conversations.length}; ` +
        `posts ${day.offsets.post}, claims ${day.offsets.claim}, sign-ins ${day.offsets.login}, messages ${day.offsets.message} planned`,
    );
    return { mode, best, soakRate };
  } finally {
    await platform.stop();
  }
}

async function main() {
  prepareInfrastructure({ k6: true });
  buildServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-day-'));
  // A phone photo as the web uploads it (JPEG, 1600 × 1200).
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 60, b: 160 } } })
    .composite([
      {
        input: await sharp({
          create: { width: 800, height: 1200, channels: 3, background: { r: 200, g: 30, b: 30 } },
        })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 85 })
    .toFile(path.join(dir, 'photo.jpg'));
  log(
    `${os.cpus().length} CPUs shared by everything, load average ${loadAverage()}; steps of ${STEP_SECONDS} s, ` +
      `soak ${SOAK_MINUTES} min; modes ${MODES.join(', ')}`,
  );
  const results = [];
  try {
    for (const mode of MODES) results.push(await benchMode(mode, dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const r of results)
    log(
      `${r.mode}: highest rate ${r.best} visits/s` + (r.soakRate ? `, soak at ${r.soakRate} visits/s` : ''),
    );
}

main().then(
  () => {
    if (missed.length === 0) process.exit(0);
    console.error(
      `\n[bench] day in Baku FAILED — ${missed.length} criterion(s) missed:\n${missed.map((m) => `  - ${m}`).join('\n')}`,
    );
    process.exit(1);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
