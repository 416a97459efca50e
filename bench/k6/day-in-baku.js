/* global __ENV, open */
// k6 script: a day in Baku (issue 23, point 2). Mixed traffic at fixed arrival rates: one
// constant-arrival-rate scenario per kind of visit, each a share (bench/k6/day-in-baku-mix.json) of one total rate
// RATE (iterations a second). Every request is tagged `kind: read` or `kind: write` (thresholds:
// reads p95 ≤ 150 ms, writes p95 ≤ 400 ms, no failed request) and `name` (the kind of visit).
//
// The abuse limits stay as production has them; the load is spread so that none is reached (the
// bench, bench/day-in-baku.ts, prepares the people and says how): each person has an address of
// their own (X-Forwarded-For, the platform trusts its loopback proxy), and the writes limited per
// person or per address take people in blocks — the n-th claim of the whole bench is by person
// ⌊n / quotas.claim⌋, likewise sign-ins; posts take turns within a block of postsSpreadOver people
// (`posterOf`: one person's posts come that many apart, so their photo uploads never overlap, as the
// web's one-at-a-time uploads never do; above 64 visits/s a person's third upload in flight was
// refused by the pending-upload cap); the n-th message goes to conversation
// ⌊n / quotas.message⌋, its two sides in turn. OFFSETS continues the numbering of the
// earlier runs against the same platform, so no person is used past their share.
//
// Env: BASE_URL, MIX_FILE (day-in-baku-mix.json), DATA_FILE (the people, announcements, conversations, organisations: see
// bench/day-in-baku.ts), PHOTO_FILE (a JPEG), RATE, DURATION, OFFSETS (JSON: post, claim, login,
// message).
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { Trend } from 'k6/metrics';

const data = JSON.parse(open(__ENV.DATA_FILE));
const photo = open(__ENV.PHOTO_FILE, 'b');
const base = __ENV.BASE_URL;
const rate = Number(__ENV.RATE || 10);
const duration = __ENV.DURATION || '30s';
const offsets = JSON.parse(__ENV.OFFSETS || '{}');
/** Per kind of visit: failed checks, and the HTTP status of each (the bench prints them). */
const failures = {};

// Shares of the total arrival rate per kind of visit (sum 1), and the most of each limited write one
// person (or conversation) takes, under every limit: shared with the bench, which plans the people.
const { shares: SHARES, quotas: QUOTAS, postsSpreadOver: SPREAD } = JSON.parse(open(__ENV.MIX_FILE));

/** Who makes the n-th post (bench/day-in-baku.ts registers `postersFor` people for them). */
const posterOf = (n) => Math.floor(n / (QUOTAS.post * SPREAD)) * SPREAD + (n % SPREAD);

/** k6 wants whole iterations per time unit: per minute, at least one. */
const perMinute = (share) => Math.max(1, Math.round(share * rate * 60));

/**
 * When each kind of visit starts and how long it runs (seconds): the i-th of the twelve kinds i/12
 * of its interval later than the first (i/12 of the run for a kind that comes once in it). Each
 * constant-arrival-rate scenario makes its first arrival at its start, so twelve kinds started
 * together are twelve visits in one instant at every step — at 0.5 visits/s a third of the run's
 * requests, a burst no fixed rate has. Every kind makes as many visits as without the offsets: a
 * kind that comes once in the run still comes once (its run ends with the others'), the others run
 * the whole duration from their start (the run ends at most one interval later).
 */
const seconds = Number.parseFloat(duration);
const kinds = Object.keys(SHARES);
function timingOf(kind) {
  const interval = 60 / perMinute(SHARES[kind]);
  const start = Math.floor((kinds.indexOf(kind) / kinds.length) * Math.min(interval, seconds) * 1000) / 1000;
  return { startTime: `${start}s`, duration: `${interval >= seconds ? seconds - start : seconds}s` };
}

for (const kind of Object.keys(SHARES)) failures[kind] = new Trend(`failed_status_${kind}`);

export const options = {
  discardResponseBodies: false,
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max', 'count'],
  scenarios: Object.fromEntries(
    Object.entries(SHARES).map(([kind, share]) => [
      kind,
      {
        executor: 'constant-arrival-rate',
        exec: kind,
        rate: perMinute(share),
        timeUnit: '1m',
        ...timingOf(kind),
        preAllocatedVUs: Math.max(2, Math.ceil(share * rate * 0.5)),
        maxVUs: Math.max(20, Math.ceil(share * rate * 10)),
        gracefulStop: '10s',
      },
    ]),
  ),
  thresholds: {
    'http_req_duration{kind:read}': ['p(95)<=150'],
    'http_req_duration{kind:write}': ['p(95)<=400'],
    http_req_failed: ['rate==0'],
    checks: ['rate==1'],
    // Each visit's own figures in the summary (the bench prints them).
    ...Object.fromEntries(Object.keys(SHARES).map((kind) => [`http_req_duration{name:${kind}}`, ['max>=0']])),
  },
};

const SEARCHES = ['canta', 'çanta', 'кошелек', 'pulqabi', 'pulqabu', 'açar', 'telefon', 'eynek'];

/** A fresh cookie jar per request: a person's session goes only in the Cookie header we give. */
function request(method, url, body, { kind, name, person, headers = {} }) {
  return http.request(method, url, body, {
    jar: new http.CookieJar(),
    headers: {
      ...(person ? { cookie: person.cookie, 'x-forwarded-for': person.address } : {}),
      ...headers,
    },
    tags: { kind, name },
  });
}
const json = { 'content-type': 'application/json' };
const n = () => exec.scenario.iterationInTest;
const pick = (list, i) => list[i % list.length];
function ok(res, status, what) {
  const passed = check(res, { [what]: (r) => r.status === status });
  if (!passed) failures[exec.scenario.name].add(res.status);
  return passed;
}

export function browse() {
  const res = request('GET', `${base}/api/announcements?limit=24`, null, { kind: 'read', name: 'browse' });
  ok(res, 200, 'list 200');
}

/** The first page, then the next one by the answer's Link header, as the home page's "more". */
export function page() {
  const first = request('GET', `${base}/api/announcements?limit=24`, null, { kind: 'read', name: 'page' });
  ok(first, 200, 'page 1 200');
  const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.Link || '');
  if (!next) return;
  const url = next[1].startsWith('http') ? next[1] : `${base}${next[1]}`;
  ok(request('GET', url, null, { kind: 'read', name: 'page' }), 200, 'page 2 200');
}

export function search() {
  const q = encodeURIComponent(pick(SEARCHES, n()));
  const res = request('GET', `${base}/api/announcements?limit=24&search=${q}`, null, {
    kind: 'read',
    name: 'search',
  });
  ok(res, 200, 'search 200');
}

export function place() {
  const res = request('GET', `${base}/api/announcements?limit=24&place=${pick(data.places, n())}`, null, {
    kind: 'read',
    name: 'place',
  });
  ok(res, 200, 'place 200');
}

export function announcement() {
  const id = pick(data.announcements, n() * 7919);
  const res = request('GET', `${base}/api/announcements/public/${id}`, null, {
    kind: 'read',
    name: 'announcement',
  });
  ok(res, 200, 'announcement 200');
}

export function signIn() {
  const person = data.people[Math.floor((offsets.login + n()) / QUOTAS.login)];
  const res = request(
    'POST',
    `${base}/api/login`,
    JSON.stringify({ username: person.username, password: person.password }),
    { kind: 'write', name: 'signIn', headers: { ...json, 'x-forwarded-for': person.address } },
  );
  ok(res, 200, 'sign-in 200');
}

const ITEMS = [
  ['bags', 'qara dəri çanta', 'içində açarlar var idi'],
  ['bags', 'qəhvəyi pulqabı', 'içində bank kartı və sənədlər'],
  ['keys', 'açar dəsti', 'üç açar, brelok ilə'],
  ['phones', 'telefon', 'ekranında kiçik cızıq var'],
  ['other', 'eynək', 'qara çərçivəli, qabı ilə'],
];
const PLACES = ['28 May metrosu', 'Nizami küçəsi', 'Gənclik metrosu', 'Fəvvarələr meydanı', 'Sahil bağı'];

/** The web's photo flow: an upload URL, the bytes PUT to it, the path normalised; then the post. */
export function post() {
  const i = offsets.post + n();
  const person = data.people[posterOf(i)];
  const asked = request('POST', `${base}/api/objects/upload?contentType=image%2Fjpeg`, null, {
    kind: 'write',
    name: 'post',
    person,
  });
  if (!ok(asked, 200, 'upload URL 200')) return;
  const uploadURL = asked.json('uploadURL');
  const put = request('PUT', uploadURL.startsWith('http') ? uploadURL : `${base}${uploadURL}`, photo, {
    kind: 'write',
    name: 'post',
    person: uploadURL.startsWith('http') ? undefined : person,
    headers: { 'content-type': 'image/jpeg' },
  });
  if (!ok(put, 200, 'photo PUT 200')) return;
  const normalized = request('POST', `${base}/api/objects/normalize-path`, JSON.stringify({ uploadURL }), {
    kind: 'write',
    name: 'post',
    person,
    headers: json,
  });
  if (!ok(normalized, 200, 'normalize 200')) return;
  const [category, item, details] = pick(ITEMS, i);
  const where = pick(PLACES, Math.floor(i / ITEMS.length));
  const type = i % 2 ? 'found' : 'lost';
  const created = request(
    'POST',
    `${base}/api/announcements`,
    JSON.stringify({
      type,
      title: `${type === 'lost' ? 'İtirilib' : 'Tapılıb'}: ${item}`,
      description: `${item[0].toUpperCase()}${item.slice(1)}, ${details}. ${where} yaxınlığında.`,
      category,
      location: where,
      imageUrls: [normalized.json('normalizedPath')],
    }),
    { kind: 'write', name: 'post', person, headers: json },
  );
  ok(created, 201, 'post 201');
}

export function claim() {
  const i = offsets.claim + n();
  const person = data.people[Math.floor(i / QUOTAS.claim)];
  const res = request(
    'POST',
    `${base}/api/requests`,
    JSON.stringify({
      announcementId: pick(data.found, i),
      contactMethod: 'phone',
      message: 'Salam, bu mənimdir, fərqləndirici əlamətlərini deyə bilərəm.',
    }),
    { kind: 'write', name: 'claim', person, headers: json },
  );
  ok(res, 201, 'claim 201');
}

export function message() {
  const i = offsets.message + n();
  const conversation = data.conversations[Math.floor(i / QUOTAS.message)];
  const person = conversation.sides[i % 2];
  const res = request(
    'POST',
    `${base}/api/conversations/${conversation.id}/messages`,
    JSON.stringify({ text: i % 2 ? 'Sabah saat 10-da gələ bilərsiniz.' : 'Nə vaxt götürə bilərəm?' }),
    { kind: 'write', name: 'message', person, headers: json },
  );
  ok(res, 201, 'message 201');
}

const INTAKES = [
  ['bags', 'Qara çanta', 'Lobbi'],
  ['phones', 'Telefon', 'Restoran'],
  ['documents', 'Pasport', 'Otaq 214'],
  ['keys', 'Açar', 'Hovuz'],
];

export function intake() {
  const i = n();
  const org = pick(data.organizations, i);
  const [category, title, foundArea] = pick(INTAKES, Math.floor(i / data.organizations.length));
  const res = request(
    'POST',
    `${base}/api/organizations/${org.id}/inventory/items`,
    JSON.stringify({ category, title, foundArea, storagePlaceId: org.storagePlaceId }),
    { kind: 'write', name: 'intake', person: org.admin, headers: json },
  );
  ok(res, 201, 'intake 201');
}

export function label() {
  const i = n();
  const org = pick(data.organizations, i);
  const item = pick(org.items, Math.floor(i / data.organizations.length));
  const res = request('GET', `${base}/api/organizations/${org.id}/inventory/items/${item}/label`, null, {
    kind: 'read',
    name: 'label',
    person: org.admin,
  });
  ok(res, 200, 'label 200');
}

const RANGES = ['7d', '30d', '1d', 'all'];

export function dashboard() {
  const res = request('GET', `${base}/api/analytics/kpis?range=${pick(RANGES, n())}`, null, {
    kind: 'read',
    name: 'dashboard',
    person: data.superAdmin,
  });
  ok(res, 200, 'dashboard 200');
}
