// npm run bench -- login-storm: an embedded platform (the built JavaScript `npm start` runs, production
// limits, TRUST_PROXY=loopback so k6's X-Forwarded-For stands for 250 addresses) under 300 virtual
// users sending failed logins without pause, while GET /healthz and GET /api/announcements are timed
// and people sign in for real. See bench/README.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpClient } from '../test/support/http-client';
import { freePort, ROOT } from '../test/support/platform';
import { LOST } from '../test/support/requests';
import { K6, runK6Summary } from './k6-summary';
import { buildServer, prepareInfrastructure } from './prepare';

const DURATION = process.env.BENCH_STORM_DURATION ?? '30s';
const STORM_VUS = Number(process.env.BENCH_STORM_VUS ?? 300);
const ADDRESSES = Number(process.env.BENCH_STORM_ADDRESSES ?? 250);
const ANNOUNCEMENTS = Number(process.env.BENCH_STORM_ANNOUNCEMENTS ?? 200);
const TARGETS = { healthzP95: 200, listP95: 1000 };

const log = (message: string) => console.log(`[bench] login storm: ${message}`);

async function waitForReady(url: string, logFile: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the embedded platform did not become ready; log ${logFile}`);
}

async function main() {
  prepareInfrastructure({ k6: true, servers: false });
  if (!fs.existsSync(K6)) throw new Error(`k6 is not installed at ${K6}`);
  // What `npm start` runs: the built server code (rebuilt when a source changed).
  buildServer();

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-login-storm-'));
  const logFile = path.join(dataDir, 'platform.log');
  const out = fs.openSync(logFile, 'a');
  const platform = spawn(process.execPath, ['dist/server/embedded.js'], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      // k6 is the loopback proxy here; everything else (limits, hashing bound) is the default.
      TRUST_PROXY: 'loopback',
    },
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(url, logFile);
    const password = `Storm-${randomBytes(6).toString('hex')}-Parol`;
    const people = {
      owner: { username: `owner${Date.now().toString(36)}`, address: '192.0.2.10' },
      other: { username: `other${Date.now().toString(36)}`, address: '198.51.100.20' },
    };
    const owner = new HttpClient(url, { 'x-forwarded-for': people.owner.address });
    for (const [name, person] of Object.entries(people)) {
      const client = name === 'owner' ? owner : new HttpClient(url, { 'x-forwarded-for': '192.0.2.30' });
      const phone = `+99450${1_000_000 + Math.floor(Math.random() * 8_999_999)}`;
      const res = await client.post('/api/register', {
        username: person.username,
        email: `${person.username}@example.az`,
        phone,
        password,
        confirmPassword: password,
      });
      if (res.status !== 201) throw new Error(`registering ${name}: ${res.status} ${res.text}`);
    }
    // The owner has signed in from home before (their usual address).
    const signIn = await owner.post('/api/login', { username: people.owner.username, password });
    if (signIn.status !== 200) throw new Error(`owner sign-in: ${signIn.status} ${signIn.text}`);
    let posted = 0;
    for (let i = 0; i < ANNOUNCEMENTS; i++) {
      const res = await owner.post('/api/announcements', { ...LOST, title: `${LOST.title} ${i}` });
      if (res.status === 201) posted++;
    }
    log(
      `embedded platform at ${url}; ${posted} announcements posted; ${os.cpus().length} CPUs shared with k6`,
    );

    const storm = {
      BASE_URL: url,
      DURATION,
      STORM_VUS: String(STORM_VUS),
      STORM_ADDRESSES: String(ADDRESSES),
      TARGET_USERNAMES: people.owner.username,
      OWNER_USERNAME: people.owner.username,
      OWNER_PASSWORD: password,
      OWNER_ADDRESS: people.owner.address,
      NEW_ADDRESS: '203.0.113.77',
      OTHER_USERNAME: people.other.username,
      OTHER_PASSWORD: password,
      OTHER_ADDRESS: people.other.address,
    };
    // Warm-up (JIT, caches), as a server that has been up a while is: a short storm from other
    // addresses (172.x.y.z) and other accounts; then the measured one.
    await runK6Summary('login-storm.js', {
      ...storm,
      DURATION: '5s',
      STORM_VUS: '30',
      ADDRESS_BASE: '172',
      TARGET_USERNAMES: '',
      OWNER_USERNAME: 'warm-up',
      OTHER_USERNAME: 'warm-up',
      OWNER_ADDRESS: '172.31.0.1',
      NEW_ADDRESS: '172.31.0.2',
      OTHER_ADDRESS: '172.31.0.3',
    });
    const { metrics: m } = await runK6Summary('login-storm.js', storm);
    const trend = (name: string) => m[name]?.values ?? {};
    const count = (name: string) => m[name]?.values.count ?? 0;
    const healthz = trend('http_req_duration{name:healthz}');
    const list = trend('http_req_duration{name:list}');
    const stormAnswers = trend('http_req_duration{name:storm}');
    const ms = (v: number | undefined) => (v === undefined ? '–' : `${v.toFixed(1)} ms`);
    const verdict = (v: number | undefined, target: number) =>
      v !== undefined && v <= target ? `meets ≤ ${target} ms` : `MISSES ≤ ${target} ms`;
    log(
      `${STORM_VUS} virtual users, failed logins from ${ADDRESSES} addresses for ${DURATION}: ` +
        `${count('storm_401')} × 401, ${count('storm_429')} × 429, ${count('storm_503')} × 503, ` +
        `${count('storm_other')} other; storm answers p50 ${ms(stormAnswers.med)}, p95 ${ms(stormAnswers['p(95)'])}, max ${ms(stormAnswers.max)}`,
    );
    log(
      `GET /healthz           p50 ${ms(healthz.med)}, p95 ${ms(healthz['p(95)'])} (${verdict(healthz['p(95)'], TARGETS.healthzP95)})`,
    );
    log(
      `GET /api/announcements p50 ${ms(list.med)}, p95 ${ms(list['p(95)'])} (${verdict(list['p(95)'], TARGETS.listP95)})`,
    );
    for (const [who, label] of [
      ['owner', 'owner, usual address (account under attack)'],
      ['owner_new_address', 'owner, new address (account under attack, paced)'],
      ['other', 'another user, new address'],
    ] as const) {
      const ok = trend(`legit_${who}_ok`).max === 1;
      log(
        `sign-in of the ${label}: ${ok ? 'succeeded' : 'FAILED'} after ${ms(trend(`legit_${who}_ms`).max)}, ` +
          `${trend(`legit_${who}_tries`).max ?? 0} tries`,
      );
    }
  } finally {
    const exited = new Promise((resolve) => platform.once('exit', resolve));
    platform.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
