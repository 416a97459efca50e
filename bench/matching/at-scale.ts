// Matching at scale: a fresh Postgres database with the announcements schema and 100 000
// announcements (read-model rows with their match keys, as the projection writes them), then the
// time to compute the matches of a new announcement — the candidate query (GIN `&&` on
// match_keys) and the engine's scoring, exactly what the matching consumer runs
// (`computeMatches`). Prints mean and p95; target < 50 ms. See bench/matching/README.md.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { eventStoreMigration } from '@tapinti/eventstore/event-store-schema';
import { computeMatches } from '../../services/announcements/src/application/matching';
import { MATCH_POLICY, matchKeysOf } from '../../services/announcements/src/domain/matching-policy';
import { searchTextOf } from '@tapinti/matching/search-columns';
import { announcementsModule } from '../../services/announcements/src/module';
import { candidatesFor, findMatchable } from '../../services/announcements/src/store/matches';
import { TABLE } from '../../services/announcements/src/store/queries';
import { INFRA } from '../../test/support/infra';
import { ROOT } from '../../test/support/platform';

const TOTAL = Number(process.env.BENCH_MATCHING_ANNOUNCEMENTS ?? 100_000);
const PROBES = Number(process.env.BENCH_MATCHING_PROBES ?? 200);
const WARMUP = 20;
const BATCH = 5000;
const TARGET_MS = 50;
const DAY = 24 * 3600 * 1000;

const log = (message: string) => console.log(`[bench] ${message}`);

type Category = 'phones' | 'bags' | 'keys' | 'documents' | 'other';
/** An item in Azerbaijani, Russian and English, as people post it. */
const ITEMS: Array<{ az: string; ru: string; en: string; category: Category; brands?: string[] }> = [
  { az: 'pulqabı', ru: 'кошелёк', en: 'wallet', category: 'bags' },
  { az: 'cüzdan', ru: 'портмоне', en: 'purse', category: 'bags' },
  { az: 'çanta', ru: 'сумка', en: 'bag', category: 'bags' },
  { az: 'kürək çantası', ru: 'рюкзак', en: 'backpack', category: 'bags' },
  {
    az: 'telefon',
    ru: 'телефон',
    en: 'phone',
    category: 'phones',
    brands: ['iPhone', 'Samsung', 'Xiaomi', 'Redmi', 'Huawei'],
  },
  { az: 'planşet', ru: 'планшет', en: 'tablet', category: 'phones', brands: ['iPad', 'Samsung', 'Lenovo'] },
  { az: 'qulaqlıq', ru: 'наушники', en: 'earphones', category: 'phones', brands: ['AirPods', 'JBL', 'Sony'] },
  { az: 'açar', ru: 'ключи', en: 'keys', category: 'keys' },
  {
    az: 'maşın açarı',
    ru: 'ключ от машины',
    en: 'car key',
    category: 'keys',
    brands: ['Toyota', 'Mercedes', 'Hyundai'],
  },
  { az: 'pasport', ru: 'паспорт', en: 'passport', category: 'documents' },
  { az: 'şəxsiyyət vəsiqəsi', ru: 'удостоверение личности', en: 'ID card', category: 'documents' },
  { az: 'sürücülük vəsiqəsi', ru: 'водительские права', en: 'driving licence', category: 'documents' },
  { az: 'bank kartı', ru: 'банковская карта', en: 'bank card', category: 'documents' },
  { az: 'diplom', ru: 'диплом', en: 'diploma', category: 'documents' },
  { az: 'eynək', ru: 'очки', en: 'glasses', category: 'other', brands: ['Ray-Ban'] },
  { az: 'saat', ru: 'часы', en: 'watch', category: 'other', brands: ['Casio', 'Apple Watch'] },
  { az: 'üzük', ru: 'кольцо', en: 'ring', category: 'other' },
  { az: 'çətir', ru: 'зонт', en: 'umbrella', category: 'other' },
  { az: 'oyuncaq', ru: 'игрушка', en: 'toy', category: 'other' },
  { az: 'şərf', ru: 'шарф', en: 'scarf', category: 'other' },
  { az: 'əlcək', ru: 'перчатки', en: 'gloves', category: 'other' },
  { az: 'noutbuk', ru: 'ноутбук', en: 'laptop', category: 'other', brands: ['Lenovo', 'HP', 'MacBook'] },
  { az: 'pişik', ru: 'кошка', en: 'cat', category: 'other' },
  { az: 'velosiped', ru: 'велосипед', en: 'bicycle', category: 'other' },
];
const COLOURS = [
  { az: 'qara', ru: 'чёрный', en: 'black' },
  { az: 'ağ', ru: 'белый', en: 'white' },
  { az: 'qırmızı', ru: 'красный', en: 'red' },
  { az: 'mavi', ru: 'синий', en: 'blue' },
  { az: 'yaşıl', ru: 'зелёный', en: 'green' },
  { az: 'boz', ru: 'серый', en: 'grey' },
  { az: 'qəhvəyi', ru: 'коричневый', en: 'brown' },
  { az: 'sarı', ru: 'жёлтый', en: 'yellow' },
];
/** Places in Baku and beyond, in the forms people write them. */
const PLACES = [
  ['28 May metrosu', 'м. 28 Мая', '28 May metro station'],
  ['Gənclik metrosu', 'метро Гянджлик', 'Ganjlik metro'],
  ['Nərimanov metrosu', 'м. Нариманов', 'Narimanov metro'],
  ['Koroğlu metrosu', 'метро Кёроглу', 'Koroglu metro'],
  ['İçərişəhər', 'Ичеришехер', 'Old City'],
  ['Sahil metrosu', 'м. Сахил', 'Sahil metro'],
  ['Nizami metrosu', 'метро Низами', 'Nizami metro'],
  ['Elmlər Akademiyası metrosu', 'м. Академия Наук', 'Elmlar Akademiyasi metro'],
  ['Memar Əcəmi metrosu', 'м. Мемар Аджеми', 'Memar Ajami metro'],
  ['Əhmədli metrosu', 'м. Ахмедлы', 'Ahmadli metro'],
  ['Neftçilər metrosu', 'м. Нефтчиляр', 'Neftchilar metro'],
  ['Xalqlar Dostluğu metrosu', 'м. Халглар Достлугу', 'Khalglar Dostlughu metro'],
  ['Həzi Aslanov metrosu', 'м. Ази Асланов', 'Hazi Aslanov metro'],
  ['Avtovağzal metrosu', 'м. Автовокзал', 'Avtovagzal metro'],
  ['Fəvvarələr meydanı', 'Фонтанная площадь', 'Fountain Square'],
  ['Dənizkənarı bulvar', 'Приморский бульвар', 'Baku Boulevard'],
  ['Gənclik Mall', 'Гянджлик Молл', 'Ganjlik Mall'],
  ['28 Mall', '28 Молл', '28 Mall'],
  ['Park Bulvar', 'Парк Бульвар', 'Park Bulvar mall'],
  ['Deniz Mall', 'Дениз Молл', 'Deniz Mall'],
  ['Heydər Əliyev hava limanı', 'аэропорт Гейдар Алиев', 'Heydar Aliyev airport'],
  ['ADA Universiteti', 'Университет АДА', 'ADA University'],
  ['Bakı Dövlət Universiteti', 'БГУ', 'Baku State University'],
  ['Yasamal rayonu', 'Ясамальский район', 'Yasamal district'],
  ['Nəsimi rayonu', 'Насиминский район', 'Nasimi district'],
  ['Səbail rayonu', 'Сабаильский район', 'Sabail district'],
  ['Xətai rayonu', 'Хатаинский район', 'Khatai district'],
  ['Binəqədi rayonu', 'Бинагадинский район', 'Binagadi district'],
  ['Sumqayıt', 'Сумгаит', 'Sumgait'],
  ['Gəncə', 'Гянджа', 'Ganja'],
];

/** A small deterministic generator (mulberry32): the same data on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Generated {
  type: 'lost' | 'found';
  title: string;
  description: string;
  category: Category;
  location: string;
}

/** One announcement in Azerbaijani (half of them), Russian or English, some without special letters. */
function generate(next: () => number, type: 'lost' | 'found'): Generated {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const item = pick(ITEMS);
  const colour = pick(COLOURS);
  const place = pick(PLACES);
  const brand = item.brands && next() < 0.6 ? `${pick(item.brands)} ` : '';
  const language = next();
  let g: Generated;
  if (language < 0.5) {
    const verb = type === 'lost' ? 'itirdim' : 'tapdım';
    g = {
      type,
      title: `${colour.az} ${brand}${item.az} ${type === 'lost' ? 'itirilib' : 'tapılıb'}`,
      description: `${place[0]} ərazisində ${colour.az} ${brand}${item.az} ${verb}. Zəhmət olmasa əlaqə saxlayın.`,
      category: item.category,
      location: place[0]!,
    };
    // Many type on phones without the Azerbaijani letters.
    if (next() < 0.3)
      g = { ...g, title: ascii(g.title), description: ascii(g.description), location: ascii(g.location) };
  } else if (language < 0.8) {
    g = {
      type,
      title: `${type === 'lost' ? 'Потерял' : 'Нашёл'} ${brand}${item.ru}`,
      description: `${type === 'lost' ? 'Потерял' : 'Найден'} ${colour.ru} ${brand}${item.ru}, ${place[1]}. Просьба связаться.`,
      category: item.category,
      location: place[1]!,
    };
  } else {
    g = {
      type,
      title: `${type === 'lost' ? 'Lost' : 'Found'} ${colour.en} ${brand}${item.en}`,
      description: `${type === 'lost' ? 'I lost' : 'Found'} a ${colour.en} ${brand}${item.en} near ${place[2]}. Please get in touch.`,
      category: item.category,
      location: place[2]!,
    };
  }
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  return { ...g, title: capital(g.title).slice(0, 120) };
}

const ASCII: Record<string, string> = {
  ə: 'e',
  ı: 'i',
  ö: 'o',
  ü: 'u',
  ş: 's',
  ç: 'c',
  ğ: 'g',
  Ə: 'E',
  İ: 'I',
  Ö: 'O',
  Ü: 'U',
  Ş: 'S',
  Ç: 'C',
  Ğ: 'G',
};
const ascii = (text: string) => text.replace(/[əıöüşçğƏİÖÜŞÇĞ]/g, (c) => ASCII[c]!);

/** Read-model rows as the projection writes them (match_keys and search_text by the service's own functions). */
async function seed(client: pg.Client, total: number): Promise<{ open: number }> {
  const next = random(20261123);
  const now = Date.now();
  const users = Array.from({ length: 2000 }, () => randomUUID());
  let open = 0;
  for (let start = 0; start < total; start += BATCH) {
    const count = Math.min(BATCH, total - start);
    const cols = {
      id: [] as string[],
      user: [] as string[],
      type: [] as string[],
      title: [] as string[],
      description: [] as string[],
      category: [] as string[],
      location: [] as string[],
      status: [] as string[],
      active: [] as boolean[],
      createdAt: [] as string[],
      search: [] as string[],
      keys: [] as string[],
    };
    for (let k = 0; k < count; k++) {
      const g = generate(next, next() < 0.55 ? 'lost' : 'found');
      // One in ten is archived or closed: not a candidate.
      const listed = next() >= 0.1;
      const createdAt = new Date(now - Math.floor(next() * 30 * DAY)).toISOString();
      cols.id.push(randomUUID());
      cols.user.push(users[Math.floor(next() * users.length)]!);
      cols.type.push(g.type);
      cols.title.push(g.title);
      cols.description.push(g.description);
      cols.category.push(g.category);
      cols.location.push(g.location);
      cols.status.push(listed ? 'open' : 'archived');
      cols.active.push(listed);
      cols.createdAt.push(createdAt);
      cols.search.push(searchTextOf(g));
      // A Postgres array literal per row (unnest of a 2-D array needs equal lengths).
      cols.keys.push(toArrayLiteral(matchKeysOf(g)));
      if (listed) open += 1;
    }
    await client.query(
      `insert into announcements.announcements (id, user_id, type, title, description, category, location,
         status, is_public, is_active, created_at, search_text, match_keys)
       select r.id, r.user_id, r.type, r.title, r.description, r.category, r.location, r.status, true, r.active,
         r.created_at, r.search, r.keys::text[]
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::boolean[], $10::timestamptz[], $11::text[], $12::text[])
         as r(id, user_id, type, title, description, category, location, status, active, created_at, search, keys)`,
      [
        cols.id,
        cols.user,
        cols.type,
        cols.title,
        cols.description,
        cols.category,
        cols.location,
        cols.status,
        cols.active,
        cols.createdAt,
        cols.search,
        cols.keys,
      ],
    );
  }
  await client.query('analyze announcements.announcements');
  return { open };
}

const toArrayLiteral = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Posts a probe as the projection would, then times computeMatches (and the query alone). */
async function probe(knex: Knex, next: () => number) {
  const g = generate(next, next() < 0.5 ? 'lost' : 'found');
  const createdAt = new Date().toISOString();
  const id = randomUUID();
  await knex(TABLE).insert({
    id,
    user_id: randomUUID(),
    ...g,
    status: 'open',
    is_public: true,
    is_active: true,
    created_at: createdAt,
    search_text: searchTextOf(g),
    match_keys: matchKeysOf(g),
  });
  const target = (await findMatchable(knex, id))!;
  const t0 = performance.now();
  const matches = await computeMatches(knex, target);
  const total = performance.now() - t0;
  const t1 = performance.now();
  await candidatesFor(knex, target, MATCH_POLICY.candidatePool);
  const query = performance.now() - t1;
  const counted = await knex(TABLE)
    .count<Array<{ count: string }>>('id as count')
    .where({ is_public: true, is_active: true, status: 'open', type: g.type === 'lost' ? 'found' : 'lost' })
    .andWhereRaw('match_keys && ?::text[]', [target.match_keys]);
  return { total, query, matches: matches.length, sharingKeys: Number(counted[0]!.count) };
}

async function main() {
  if (!process.env.BENCH_SKIP_INFRA) {
    const up = spawnSync('bash', ['infra/local/infra-up.sh'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (up.status !== 0) throw new Error('infra/local/infra-up.sh failed');
  }
  // BENCH_MATCHING_DATABASE: time again on a database an earlier run kept (BENCH_MATCHING_KEEP=1).
  const reused = process.env.BENCH_MATCHING_DATABASE;
  const keep = Boolean(reused || process.env.BENCH_MATCHING_KEEP);
  const database = reused ?? `tapinti_matching_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: INFRA.postgresAdminUrl });
  await admin.connect();
  if (!reused) await admin.query(`create database "${database}"`);
  const databaseUrl = `${INFRA.postgresBaseUrl}/${database}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  let knex: Knex | undefined;
  try {
    knex = await createKnex({ driver: 'postgres', url: databaseUrl });
    await migrateSchema(knex, announcementsModule.schema, [
      eventStoreMigration(announcementsModule.schema),
      ...announcementsModule.migrations,
    ]);
    await client.connect();
    if (!reused) {
      const t0 = Date.now();
      const { open } = await seed(client, TOTAL);
      log(
        `matching: seeded ${TOTAL} announcements (${open} open) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
    }

    const next = random(7);
    for (let i = 0; i < WARMUP; i++) await probe(knex, next);
    const runs = [];
    for (let i = 0; i < PROBES; i++) runs.push(await probe(knex, next));
    const totals = runs.map((r) => r.total).sort((a, b) => a - b);
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    const p95 = percentile(totals, 95);
    log(
      `matching at ${TOTAL} announcements: a new announcement's matches in mean ${mean(totals).toFixed(1)} ms, ` +
        `p50 ${percentile(totals, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${PROBES} announcements ` +
        `(target < ${TARGET_MS} ms; the candidate query alone: mean ${mean(runs.map((r) => r.query)).toFixed(1)} ms for at most ` +
        `${MATCH_POLICY.candidatePool} candidates; ` +
        `${mean(runs.map((r) => r.sharingKeys)).toFixed(0)} open announcements of the other type share a key on average, ` +
        `${mean(runs.map((r) => r.matches)).toFixed(1)} matches kept)`,
    );
    if (p95 >= TARGET_MS) process.exitCode = 1;
  } finally {
    await knex?.destroy();
    await client.end().catch(() => undefined);
    if (keep) log(`matching: kept database ${database}`);
    else await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
