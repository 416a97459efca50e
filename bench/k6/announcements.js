/* global __ENV, __VU, __ITER */
// k6 script: one GET path, hammered by a constant number of virtual users for a fixed time.
// Env: BASE_URL, TARGET_PATH, VUS, DURATION; EVERY_URL_NEW=1 adds a parameter nobody reads, new each request.
import http from 'k6/http';
import { check } from 'k6';

export const options = {
  vus: Number(__ENV.VUS || 8),
  duration: __ENV.DURATION || '15s',
  discardResponseBodies: false,
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

const url = `${__ENV.BASE_URL}${__ENV.TARGET_PATH}`;

const separator = url.includes('?') ? '&' : '?';

export default function () {
  const target = __ENV.EVERY_URL_NEW ? `${url}${separator}_=${__VU}.${__ITER}` : url;
  const res = http.get(target, { tags: { name: 'target' } });
  check(res, {
    'status 200': (r) => r.status === 200,
    'a JSON array': (r) => r.body && r.body.length > 1 && r.body[0] === '[',
  });
}
