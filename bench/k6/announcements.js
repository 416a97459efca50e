/* global __ENV */
// k6 script: one GET path, hammered by a constant number of virtual users for a fixed time.
// Env: BASE_URL, TARGET_PATH, VUS, DURATION.
import http from 'k6/http';
import { check } from 'k6';

export const options = {
  vus: Number(__ENV.VUS || 8),
  duration: __ENV.DURATION || '15s',
  discardResponseBodies: false,
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

const url = `${__ENV.BASE_URL}${__ENV.TARGET_PATH}`;

export default function () {
  const res = http.get(url, { tags: { name: 'target' } });
  check(res, {
    'status 200': (r) => r.status === 200,
    'a JSON array': (r) => r.body && r.body.length > 1 && r.body[0] === '[',
  });
}
