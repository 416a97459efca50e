// The `fuzz` stage of `npm test` (started by test/fuzz/run.mjs): for each mode (TEST_MODES, both by
// default) starts an isolated platform, reads its OpenAPI document, sends the malformed requests
// of test/fuzz/malformed-requests.ts meant for that mode (`KINDS_BY_MODE`; every one to a platform
// at FUZZ_URL) to every operation as an anonymous visitor, a signed-in user
// and the super admin, and requires no answer ≥ 500 (nor a request left unanswered) and a healthy
// platform afterwards: /readyz 200, a normal login, the public list and the audit log answer.
// Writes test-results/fuzz.json and exits non-zero on any failure.
//
//   FUZZ_URL   fuzz a platform already running there (seeded with test/support's super admin)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { ROOT, selectedModes, startPlatform, type Mode } from '../support/platform';
import {
  audienceOf,
  malformedRequests,
  operationsOf,
  type FuzzOperation,
  type FuzzRequest,
  type OpenApiDocument,
} from './malformed-requests';
import { inPool, send, type FuzzAnswer } from './send';

const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
const SUMMARY_FILE = path.join(ROOT, 'test-results', 'fuzz.json');

interface Identity {
  name: 'anonymous' | 'user' | 'super admin';
  cookie?: string;
}

/**
 * Each operation gets every case from the identity it is meant for (anonymous: public ones; a
 * user: those of any signed-in user; the super admin: those of named roles); the others send it
 * only the core whole-body cases (bodies are read before access is checked). So few cases are
 * spent on a 401 or 403 that says nothing about the input.
 */
function isMeantFor(identity: Identity, op: FuzzOperation): boolean {
  const audience = audienceOf(op);
  if (identity.name === 'anonymous') return audience === 'public';
  if (identity.name === 'user')
    return audience === 'signed-in' || (Array.isArray(audience) && audience.includes('user'));
  return Array.isArray(audience) && audience.includes('super_admin');
}

interface RunResult {
  name: string;
  requests: number;
  serverErrors: number;
  unanswered: number;
  healthy: boolean;
  failures: number;
  exitCode: number;
  seconds: number;
}

/**
 * What each mode is sent. Whole malformed bodies (encodings, types, nesting, framing) meet the
 * services' own body parsers, the same code in both modes, and in the distributed one the gateway's
 * proxy in front of them: they go to the distributed platform. Bad values in parameters and fields
 * get through to the handlers and the database (PGlite or Postgres): both modes.
 */
const KINDS_BY_MODE: Record<Mode, readonly FuzzRequest['kind'][]> = {
  distributed: ['param', 'field', 'body'],
  embedded: ['param', 'field'],
};

/** Every request one identity sends: all operations, none that would end its own session. */
async function requestsFor(
  doc: OpenApiDocument,
  identity: Identity,
  kinds: readonly FuzzRequest['kind'][],
  client?: HttpClient,
): Promise<FuzzRequest[]> {
  // A profile change starts from the caller's own profile, so one that gets through changes nothing.
  const me = client ? (await client.get('/api/user')).body : undefined;
  return operationsOf(doc)
    .filter((op) => !(identity.cookie && op.method === 'POST' && op.path === '/api/logout'))
    .flatMap((op) =>
      malformedRequests(
        op,
        me && op.method === 'PUT' && op.path === '/api/profile'
          ? { username: me.username, email: me.email, phone: me.phone ?? '' }
          : undefined,
      ).filter((r) => kinds.includes(r.kind) && (r.core || isMeantFor(identity, op))),
    );
}

async function checkHealth(url: string): Promise<string[]> {
  const problems: string[] = [];
  const ready = await fetch(`${url}/readyz`).catch(() => null);
  if (ready?.status !== 200) problems.push(`/readyz answered ${ready?.status ?? 'nothing'}`);
  try {
    const user = await registerUser(url, 'fuzzcheck');
    const again = new HttpClient(url);
    const login = await again.post('/api/login', { username: user.username, password: user.password });
    if (login.status !== 200) problems.push(`a normal login answered ${login.status} ${login.text}`);
    const list = await again.get('/api/announcements');
    if (list.status !== 200 || !Array.isArray(list.body))
      problems.push(`the announcement list answered ${list.status}`);
    const admin = await signInSuperAdmin(url);
    const audit = await admin.get('/api/audit-logs?limit=5');
    if (audit.status !== 200) problems.push(`the audit log answered ${audit.status}`);
  } catch (err) {
    problems.push((err as Error).message);
  }
  return problems;
}

async function fuzz(
  name: string,
  url: string,
  kinds: readonly FuzzRequest['kind'][] = KINDS_BY_MODE.distributed,
): Promise<RunResult> {
  const started = Date.now();
  const doc = (await (await fetch(`${url}/api/openapi.json`)).json()) as OpenApiDocument;
  const user = await registerUser(url, 'fuzzuser');
  const admin = await signInSuperAdmin(url);
  const identities: [Identity, HttpClient | undefined][] = [
    [{ name: 'anonymous' }, undefined],
    [{ name: 'user', cookie: user.client.cookieHeader }, user.client],
    [{ name: 'super admin', cookie: admin.cookieHeader }, admin],
  ];
  const answers: (FuzzAnswer & { identity: string })[] = [];
  for (const [identity, client] of identities) {
    const requests = await requestsFor(doc, identity, kinds, client);
    // Idle connections let go after 30 s, as a browser does: kept for ever, one idle for the gateway's
    // 65 s could be reused as the gateway closed it (a reset counted against the platform).
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY, timeout: 30_000 });
    // Same-origin, as the web app sends them (the origin guard refuses other writes with 403).
    const headers = { origin: url, ...(identity.cookie ? { cookie: identity.cookie } : {}) };
    const sent = await inPool(requests, CONCURRENCY, (r) => send(agent, url, r, headers));
    agent.destroy();
    answers.push(...sent.map((a) => ({ ...a, identity: identity.name })));
  }
  const serverErrors = answers.filter((a) => a.status !== null && a.status >= 500);
  const unanswered = answers.filter((a) => a.status === null);
  const health = await checkHealth(url);
  const byStatus = new Map<string, number>();
  for (const a of answers)
    byStatus.set(String(a.status ?? 'none'), (byStatus.get(String(a.status ?? 'none')) ?? 0) + 1);

  console.log(
    `\nfuzz (${name}): ${answers.length} malformed requests over ${operationsOf(doc).length} operations`,
  );
  console.log(
    `  answers by status: ${[...byStatus]
      .sort()
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}`,
  );
  console.log(`  answers ≥ 500: ${serverErrors.length}; without an answer: ${unanswered.length}`);
  for (const a of [...serverErrors, ...unanswered].slice(0, 40))
    console.log(
      `  ✗ ${a.status ?? 'no answer'} as ${a.identity}: ${a.request.label} → ${a.text.slice(0, 300)}`,
    );
  const slowest = [...answers].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`  slowest: ${slowest.map((a) => `${Math.round(a.ms)} ms ${a.request.label}`).join('; ')}`);
  console.log(
    health.length ? `  platform afterwards: ${health.join('; ')}` : '  platform afterwards: healthy',
  );
  const failures = serverErrors.length + unanswered.length + health.length;
  return {
    name,
    requests: answers.length,
    serverErrors: serverErrors.length,
    unanswered: unanswered.length,
    healthy: health.length === 0,
    failures,
    exitCode: failures === 0 ? 0 : 1,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

async function fuzzMode(mode: Mode): Promise<RunResult> {
  const platform = await startPlatform(mode, {
    name: `fuzz${mode[0]}${Date.now().toString(36)}`,
    // One address sends every request: the complaint limit (5 per 10 min) would answer all but the
    // first five with 429 and leave the complaint form's validation unfuzzed.
    env: { RATE_LIMIT_COMPLAINTS: '100000/60' },
  });
  try {
    return await fuzz(mode, platform.url, KINDS_BY_MODE[mode]);
  } finally {
    await platform.stop();
  }
}

async function main() {
  const runs: RunResult[] = [];
  if (process.env.FUZZ_URL) runs.push(await fuzz(process.env.FUZZ_URL, process.env.FUZZ_URL));
  else for (const mode of selectedModes()) runs.push(await fuzzMode(mode));
  fs.mkdirSync(path.dirname(SUMMARY_FILE), { recursive: true });
  fs.writeFileSync(SUMMARY_FILE, JSON.stringify({ runs }, null, 2));
  console.log('\nfuzz:');
  for (const r of runs)
    console.log(
      `  ${r.name}: ${r.requests} requests, ${r.serverErrors} answers ≥ 500, ${r.unanswered} unanswered, platform ${r.healthy ? 'healthy' : 'NOT healthy'} afterwards (${r.seconds} s)`,
    );
  process.exit(runs.every((r) => r.failures === 0) ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  fs.mkdirSync(path.dirname(SUMMARY_FILE), { recursive: true });
  fs.writeFileSync(SUMMARY_FILE, JSON.stringify({ error: String(err), runs: [] }, null, 2));
  process.exit(1);
});
