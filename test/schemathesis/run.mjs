// The `schemathesis` stage of `npm test`: fuzzes the API from its own OpenAPI document.
//
// Starts an embedded platform (own DATA_DIR and port, a seeded super admin), then runs
// Schemathesis (pinned in infra/local/install-schemathesis.sh, installed on demand) against
// GET /api/openapi.json with every check, signed in as an ordinary user and as the super admin
// (test/schemathesis/hooks.py signs in through the API and again after a 401; `runsFor` below). Writes a
// summary to test-results/schemathesis.json and exits non-zero on any failure.
//
//   SCHEMATHESIS_MAX_EXAMPLES   test cases per operation and phase (default 40)
//   SCHEMATHESIS_SEED           the run's seed (default 20251122: the same requests every time)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEST_CLIENT_LIMITS = JSON.parse(
  fs.readFileSync(path.join(root, 'test/support/test-client-limits.json'), 'utf8'),
);
const resultsDir = path.join(root, 'test-results', 'schemathesis');
const summaryFile = path.join(root, 'test-results', 'schemathesis.json');
const maxExamples = process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '40';
const seed = process.env.SCHEMATHESIS_SEED ?? '20251122';
/**
 * Each run is stopped after this long, so a hung run cannot hold CI. A run takes about 4 minutes on
 * this 2-core machine (coverage ≈ 150 s, fuzzing ≈ 90 s for the 74–79 operations), more under load.
 */
const RUN_TIMEOUT_MS = 10 * 60_000;

const SUPER_ADMIN = {
  username: 'fuzzadmin',
  email: 'fuzzadmin@tapinti.test',
  password: `Fuzz-Admin-${randomBytes(6).toString('hex')}`,
};

/**
 * The runs, all on one platform, each request sent once for what it can find: an ordinary user runs
 * the examples, fuzzing and stateful phases on every operation a user may call, the super admin the
 * coverage and stateful phases on every operation and the examples and fuzzing phases on those only
 * some roles may call (`x-roles` in the document). A user's fuzzing of a role's operation would only
 * meet 403 (the access matrices test that), and the super admin's fuzzing of a user's operation
 * would repeat the user's. The coverage phase (each schema's boundary values) runs as the super admin,
 * who gets past every access check to the validation behind it. Left out of the super admin's runs:
 * PUT /api/profile (a fuzzed profile renames the seeded account, after which it could not sign in
 * again), GET /api/audit-logs/stream (for a super admin a server-sent-events stream that never
 * ends, so every case would only time out; the user gets its 403 at once and its events are tested
 * in the e2e scenario), and the account's own security operations (PUT /api/password, POST
 * /api/sessions/sign-out-everywhere, POST /api/account/delete: each ends the session or counts a
 * wrong current password against the account's login throttle, so the seeded account would soon
 * be held back from signing in). A user signs in afresh after each session it loses, so the user's
 * runs cover those, every phase.
 */
const OWN_ACCOUNT_PATHS = [
  '/api/profile',
  '/api/audit-logs/stream',
  '/api/password',
  '/api/sessions/sign-out-everywhere',
  '/api/account/delete',
];
const ROLES = 'x-roles';

/** The operationIds of the document's operations only some roles may call (none of them `user`). */
function roleOperationIds(document) {
  return Object.values(document.paths)
    .flatMap((item) => Object.values(item))
    .filter((operation) => Array.isArray(operation[ROLES]) && !operation[ROLES].includes('user'))
    .map((operation) => operation.operationId);
}

function runsFor(document) {
  const roleOperations = roleOperationIds(document);
  if (roleOperations.length === 0) throw new Error(`the document names no operation's roles (${ROLES})`);
  const excludeOwnAccount = OWN_ACCOUNT_PATHS.flatMap((p) => ['--exclude-path', p]);
  return [
    {
      name: 'user',
      fuzzAs: 'user',
      options: [
        '--phases',
        'examples,fuzzing,stateful',
        ...roleOperations.flatMap((id) => ['--exclude-operation-id', id]),
      ],
    },
    {
      name: 'user-own-account',
      fuzzAs: 'user',
      options: OWN_ACCOUNT_PATHS.flatMap((p) => ['--include-path', p]),
    },
    {
      name: 'super-admin',
      fuzzAs: 'super_admin',
      options: ['--phases', 'coverage,stateful', ...excludeOwnAccount],
    },
    {
      name: 'super-admin-roles',
      fuzzAs: 'super_admin',
      options: [
        '--phases',
        'examples,fuzzing',
        ...excludeOwnAccount,
        ...roleOperations.flatMap((id) => ['--include-operation-id', id]),
      ],
    },
  ];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the platform exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not become ready`);
}

async function startPlatform() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-schemathesis-'));
  fs.mkdirSync(resultsDir, { recursive: true });
  const log = fs.openSync(path.join(resultsDir, 'platform.log'), 'w');
  // The built bundle when `npm test` built one (TEST_PLATFORM_RUNTIME=dist, as test/support/platform.ts).
  const entry =
    process.env.TEST_PLATFORM_RUNTIME === 'dist'
      ? ['dist/server/embedded.js']
      : ['--import', 'tsx', 'gateway/src/embedded.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
      SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      // Thousands of fuzzed requests from one address: the per-client limits and the hashing queue
      // raised as for every test platform (test/support/test-client-limits.json), and the complaint
      // limit too: at production's, most cases of a limited operation would get a 429 (after the
      // refusals' 1 s pause) instead of reaching its validation.
      ...TEST_CLIENT_LIMITS,
      RATE_LIMIT_COMPLAINTS: '100000/60',
    },
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(url, child);
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function installSchemathesis() {
  const result = spawnSync('bash', ['infra/local/install-schemathesis.sh'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error('installing Schemathesis failed');
  return result.stdout.trim().split('\n').pop();
}

/** The counts of a run, from the JUnit report Schemathesis writes. */
function countsOf(junitFile) {
  const xml = fs.existsSync(junitFile) ? fs.readFileSync(junitFile, 'utf8') : '';
  const attr = (name) => Number(new RegExp(`<testsuite [^>]*\\b${name}="(\\d+)"`).exec(xml)?.[1] ?? NaN);
  return { operations: attr('tests'), failures: attr('failures'), errors: attr('errors') };
}

/**
 * The super admin's first sign-in, as its own browser: the device cookie every run's sign-ins then
 * show (hooks.py). Each run is a new process; without it, a run's first sign-in would be an unknown
 * client of the address that the previous runs' fuzzed failed logins may have locked for minutes.
 */
async function adminDeviceCookie(url) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SUPER_ADMIN.username, password: SUPER_ADMIN.password }),
  });
  const device = res.headers
    .getSetCookie()
    .map((cookie) => /^tapinti_device=([^;]+)/.exec(cookie)?.[1])
    .find(Boolean);
  if (!res.ok || !device) throw new Error(`the super admin's first sign-in failed: ${res.status}`);
  return device;
}

function runSchemathesis(bin, url, run, adminDevice) {
  const reportDir = path.join(resultsDir, run.name);
  fs.rmSync(reportDir, { recursive: true, force: true });
  const junit = path.join(reportDir, 'junit.xml');
  const args = [
    'run',
    `${url}/api/openapi.json`,
    '--checks',
    'all',
    // In its place: the same check that accepts a 400 only for the rules the document lists.
    '--exclude-checks',
    'positive_data_acceptance',
    '--max-examples',
    maxExamples,
    '--seed',
    seed,
    // No example database carried from run to run: the same seed, the same requests.
    '--generation-database',
    'none',
    '--workers',
    '1',
    '--request-timeout',
    '30',
    '--no-color',
    '--report',
    'junit,ndjson',
    '--report-dir',
    reportDir,
    '--report-junit-path',
    junit,
    ...run.options,
  ];
  console.log(`\n$ schemathesis ${args.join(' ')}   (as ${run.fuzzAs})`);
  return new Promise((resolve) => {
    const child = spawn(bin, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        PYTHONPATH: path.join(root, 'test/schemathesis'),
        SCHEMATHESIS_HOOKS: 'hooks',
        TAPINTI_URL: url,
        TAPINTI_FUZZ_AS: run.fuzzAs,
        TAPINTI_ADMIN_USER: SUPER_ADMIN.username,
        TAPINTI_ADMIN_PASSWORD: SUPER_ADMIN.password,
        TAPINTI_ADMIN_DEVICE: adminDevice,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    const timer = setTimeout(() => {
      console.error(
        `schemathesis (${run.name}) took longer than ${RUN_TIMEOUT_MS / 60_000} minutes: stopped`,
      );
      child.kill('SIGTERM');
    }, RUN_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const generated = Number(/(\d+) generated/.exec(output)?.[1] ?? 0);
      const counts = countsOf(junit);
      const failures = Number.isNaN(counts.failures) ? 0 : counts.failures + (counts.errors || 0);
      resolve({ name: run.name, exitCode: code, generated, operations: counts.operations, failures });
    });
  });
}

async function main() {
  const bin = installSchemathesis();
  const platform = await startPlatform();
  const results = [];
  try {
    const document = await (await fetch(`${platform.url}/api/openapi.json`)).json();
    const adminDevice = await adminDeviceCookie(platform.url);
    for (const run of runsFor(document))
      results.push(await runSchemathesis(bin, platform.url, run, adminDevice));
  } finally {
    await platform.stop();
  }
  const generated = results.reduce((n, r) => n + r.generated, 0);
  const ok = results.every((r) => r.exitCode === 0 && r.failures === 0);
  fs.writeFileSync(summaryFile, JSON.stringify({ seed, maxExamples, generated, runs: results }, null, 2));
  console.log('\nschemathesis:');
  for (const r of results) {
    console.log(
      `  ${r.name}: ${r.generated} generated requests, ${r.failures} failing operations (exit ${r.exitCode})`,
    );
  }
  console.log(`  ${generated} generated requests in total, seed ${seed}`);
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  fs.writeFileSync(summaryFile, JSON.stringify({ error: String(err), runs: [] }, null, 2));
  process.exit(1);
});
