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
      exec: 'create',
    },
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
};

// Texts as varied as a day's posts in Baku: 12 items × 8 colours × 15 places, spread over the
// combinations (7 919 is prime to 1 440), so a found item matches a lost post about as rarely as in
// life — not every lost post of its category (the first runs' five texts made each found item match
// dozens, and measured the matching's fan-out rather than the write path).
const ITEMS = [
  ['bags', 'dəri çanta', 'içində açarlar və eynək qabı var idi'],
  ['bags', 'bel çantası', 'içində noutbuk və dəftərlər'],
  ['bags', 'pul kisəsi', 'içində bank kartı və bir neçə manat'],
  ['keys', 'açar dəsti', 'üç açar, brelok ilə'],
  ['keys', 'avtomobil açarı', 'Toyota pultu ilə'],
  ['phones', 'telefon', 'ekranında kiçik cızıq var'],
  ['phones', 'qulaqcıq qabı', 'simsiz qulaqcıqlar içindədir'],
  ['documents', 'şəxsiyyət vəsiqəsi', 'şəffaf qabın içində'],
  ['documents', 'tələbə bileti', 'universitetin möhürü ilə'],
  ['other', 'uşaq çətiri', 'dəstəyində ad yazılıb'],
  ['other', 'saat', 'metal qolbağı ilə'],
  ['other', 'eynək', 'qara çərçivəli, qabı ilə'],
];
const COLOURS = ['qara', 'ağ', 'qırmızı', 'göy', 'yaşıl', 'sarı', 'boz', 'qəhvəyi'];
const PLACES = [
  '28 May metrosu',
  'Nizami küçəsi',
  'Gənclik Mall',
  'Sahil bağı',
  'Koroğlu metrosu',
  'İçərişəhər',
  'Nərimanov metrosu',
  'Heydər Əliyev hava limanı',
  'Xətai prospekti',
  'Bakı Dövlət Universiteti',
  'Port Baku Mall',
  'Fəvvarələr meydanı',
  'Əhmədli metrosu',
  'Binəqədi bazarı',
  'Dənizkənarı bulvar',
];

export function create() {
  const i = exec.scenario.iterationInTest;
  const mix = (i * 7919) % (ITEMS.length * COLOURS.length * PLACES.length);
  const [category, item, details] = ITEMS[mix % ITEMS.length];
  const colour = COLOURS[Math.floor(mix / ITEMS.length) % COLOURS.length];
  const place = PLACES[Math.floor(mix / (ITEMS.length * COLOURS.length)) % PLACES.length];
  const type = i % 2 === 0 ? 'lost' : 'found';
  const body = {
    type,
    title: `${type === 'lost' ? 'İtirilib' : 'Tapılıb'}: ${colour} ${item}`,
    description: `${colour[0].toUpperCase()}${colour.slice(1)} ${item}, ${details}. ${place} yaxınlığında.`,
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
