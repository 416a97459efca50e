/* global __ENV, __VU */
// k6 script: a storm of failed logins from many addresses (X-Forwarded-For, the platform trusts
// its loopback proxy) while GET /healthz and GET /api/announcements are timed at a steady rate,
// and two people sign in for real in the middle of it (retrying after 503 / 429 as a browser
// user would, after Retry-After).
// Env: BASE_URL, STORM_VUS (300), STORM_ADDRESSES (250), ADDRESS_BASE (10), DURATION (30s), TARGET_USERNAMES
// (comma-separated accounts the storm guesses at; unknown names are added), OWNER_USERNAME,
// OWNER_PASSWORD, OWNER_ADDRESS (where the owner signed in before), OTHER_USERNAME,
// OTHER_PASSWORD, OTHER_ADDRESS, NEW_ADDRESS (addresses never seen before).
import http from 'k6/http';
import { sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const duration = __ENV.DURATION || '30s';
const stormVus = Number(__ENV.STORM_VUS || 300);
const addresses = Number(__ENV.STORM_ADDRESSES || 250);
const base = __ENV.BASE_URL;
const json = { 'content-type': 'application/json' };

export const options = {
  discardResponseBodies: true,
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
  scenarios: {
    storm: { executor: 'constant-vus', exec: 'storm', vus: stormVus, duration },
    healthz: {
      executor: 'constant-arrival-rate',
      exec: 'healthz',
      rate: 10,
      timeUnit: '1s',
      duration,
      preAllocatedVUs: 20,
      maxVUs: 100,
    },
    list: {
      executor: 'constant-arrival-rate',
      exec: 'list',
      rate: 4,
      timeUnit: '1s',
      duration,
      preAllocatedVUs: 10,
      maxVUs: 100,
    },
    owner: { executor: 'per-vu-iterations', exec: 'owner', vus: 1, iterations: 1, startTime: '5s' },
    owner_new_address: {
      executor: 'per-vu-iterations',
      exec: 'ownerNewAddress',
      vus: 1,
      iterations: 1,
      startTime: '15s',
    },
    other: { executor: 'per-vu-iterations', exec: 'other', vus: 1, iterations: 1, startTime: '10s' },
  },
  // Thresholds make k6 keep these sub-metrics in the summary; the runner prints them.
  thresholds: {
    'http_req_duration{name:healthz}': ['p(95)<200'],
    'http_req_duration{name:list}': ['p(95)<1000'],
    'http_req_duration{name:storm}': ['max>=0'],
  },
};

const stormAnswers = {
  401: new Counter('storm_401'),
  429: new Counter('storm_429'),
  503: new Counter('storm_503'),
};
const stormOther = new Counter('storm_other');
/** Per person: signed in (1) or not (0), milliseconds until signed in, and tries. */
const WHO = ['owner', 'owner_new_address', 'other'];
const legit = Object.fromEntries(
  WHO.map((who) => [
    who,
    {
      ok: new Trend(`legit_${who}_ok`),
      ms: new Trend(`legit_${who}_ms`, true),
      tries: new Trend(`legit_${who}_tries`),
    },
  ]),
);

const targets = (__ENV.TARGET_USERNAMES || '').split(',').filter(Boolean);

/** 250 addresses in 10.x.y.z (ADDRESS_BASE.x.y.z); every VU keeps its own, some shared by two VUs. */
function addressOf(vu) {
  const n = vu % addresses;
  return `${__ENV.ADDRESS_BASE || 10}.${Math.floor(n / 65536) % 256}.${Math.floor(n / 256) % 256}.${(n % 256) + 1}`;
}

export function storm() {
  const known = targets.length ? targets[Math.floor(Math.random() * targets.length)] : null;
  const username = Math.random() < 0.5 && known ? known : `guess${Math.floor(Math.random() * 1e9)}`;
  const res = http.post(
    `${base}/api/login`,
    JSON.stringify({ username, password: `wrong-${Math.random().toString(36).slice(2)}` }),
    { headers: { ...json, 'x-forwarded-for': addressOf(__VU) }, tags: { name: 'storm' } },
  );
  (stormAnswers[res.status] || stormOther).add(1);
}

export function healthz() {
  http.get(`${base}/healthz`, { tags: { name: 'healthz' } });
}

export function list() {
  http.get(`${base}/api/announcements`, { tags: { name: 'list' } });
}

/** Signs in, waiting Retry-After after a 503 or 429 (at most 10 tries, 60 s). */
function signIn(username, password, address, who) {
  const started = Date.now();
  for (let tries = 1; tries <= 10 && Date.now() - started < 60_000; tries++) {
    legit[who].tries.add(tries);
    const res = http.post(`${base}/api/login`, JSON.stringify({ username, password }), {
      headers: { ...json, 'x-forwarded-for': address },
      tags: { name: 'legit' },
    });

    if (res.status === 200) {
      legit[who].ok.add(1);
      legit[who].ms.add(Date.now() - started);
      return;
    }
    if (res.status !== 503 && res.status !== 429) break;
    sleep(Number(res.headers['Retry-After'] || 1));
  }
  legit[who].ok.add(0);
  legit[who].ms.add(Date.now() - started);
}

export function owner() {
  signIn(__ENV.OWNER_USERNAME, __ENV.OWNER_PASSWORD, __ENV.OWNER_ADDRESS, 'owner');
}

/** The owner from an address the account never signed in from: paced, never locked out. */
export function ownerNewAddress() {
  signIn(__ENV.OWNER_USERNAME, __ENV.OWNER_PASSWORD, __ENV.NEW_ADDRESS, 'owner_new_address');
}

export function other() {
  signIn(__ENV.OTHER_USERNAME, __ENV.OTHER_PASSWORD, __ENV.OTHER_ADDRESS, 'other');
}
