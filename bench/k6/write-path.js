/* global __ENV, open */
// k6 script: announcements created at a fixed arrival rate (issue 23, point 3), each by one of the
// signed-in users whose session cookies are in USERS_FILE, lost and found in turn, every text its own.
// Env: BASE_URL, USERS_FILE, RATE (creates per second), DURATION.
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';

const cookies = JSON.parse(open(__ENV.USERS_FILE));

export const options = {
  scenarios: {
    creates: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 50),
      timeUnit: '1s',
      duration: __ENV.DURATION || '20s',
      preAllocatedVUs: 60,
      maxVUs: 300,
    },
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
};

const ITEMS = [
  ['bags', 'qara dəri çanta', 'Qara dəri çanta, içində açarlar və eynək qabı var idi'],
  ['keys', 'açar dəsti', 'Üç açardan ibarət dəst, qırmızı brelok ilə'],
  ['phones', 'telefon', 'Göy rəngli telefon, ekranında kiçik cızıq var'],
  ['documents', 'şəxsiyyət vəsiqəsi', 'Şəxsiyyət vəsiqəsi, şəffaf qabın içində'],
  ['other', 'uşaq çətiri', 'Sarı uşaq çətiri, dəstəyində ad yazılıb'],
];
const PLACES = ['28 May metrosu', 'Nizami küçəsi', 'Gənclik Mall', 'Sahil bağı', 'Koroğlu metrosu'];

export default function () {
  const i = exec.scenario.iterationInTest;
  const [category, item, details] = ITEMS[i % ITEMS.length];
  const type = i % 2 === 0 ? 'lost' : 'found';
  const place = PLACES[Math.floor(i / ITEMS.length) % PLACES.length];
  const body = {
    type,
    title: `${type === 'lost' ? 'İtirilib' : 'Tapılıb'}: ${item} ${i}`,
    description: `${details}. ${place} yaxınlığında, ${i}-ci elan.`,
    category,
    location: place,
    ...(type === 'lost' ? { rewardAmount: 0 } : {}),
  };
  const res = http.post(`${__ENV.BASE_URL}/api/announcements`, JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', Cookie: cookies[i % cookies.length] },
    tags: { name: 'create' },
  });
  check(res, { 'created (201)': (r) => r.status === 201 });
}
