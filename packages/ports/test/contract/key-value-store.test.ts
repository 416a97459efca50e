import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import IORedis from 'ioredis';
import pg from 'pg';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createDatabaseKeyValueStore, ensureKeyValueSchema } from '../../src/database-key-value-store';
import type { KeyValueStore } from '../../src/key-value-store';
import { createMemoryKeyValueStore } from '../../src/memory-key-value-store';
import { createRedisKeyValueStore } from '../../src/redis-key-value-store';
import { sleep, uniqueNamespace } from './support';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const postgresAdminUrl =
  process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://tapinti:tapinti@127.0.0.1:5432/postgres';
const namespace = uniqueNamespace('kv');

/** Runs `sql` on the admin database (create / drop the throwaway database). */
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A store plus what its creator has to tear down afterwards. */
interface Subject {
  kv: KeyValueStore;
  dispose(): Promise<void>;
}

async function pgliteSubject(): Promise<Subject> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-kv-'));
  const knex = await createKnex({ driver: 'pglite', dataDir });
  const kv = await createDatabaseKeyValueStore({ knex });
  return {
    kv,
    async dispose() {
      await knex.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresSubject(): Promise<Subject> {
  const database = namespace.replace(/-/g, '_');
  await admin(`create database "${database}"`);
  const knex = await createKnex({
    driver: 'postgres',
    url: postgresAdminUrl.replace(/\/postgres$/, `/${database}`),
  });
  const kv = await createDatabaseKeyValueStore({ knex });
  return {
    kv,
    async dispose() {
      await knex.destroy();
      await admin(`drop database if exists "${database}" with (force)`);
    },
  };
}

const plain = (kv: KeyValueStore): Subject => ({ kv, dispose: async () => undefined });

const adapters: Array<[string, () => Promise<Subject>]> = [
  ['memory', async () => plain(createMemoryKeyValueStore())],
  ['redis', async () => plain(createRedisKeyValueStore({ redisUrl, namespace }))],
  ['database (PGlite)', pgliteSubject],
  ['database (Postgres)', postgresSubject],
];

/** Whatever this run left in Redis goes. */
afterAll(async () => {
  const raw = new IORedis(redisUrl);
  try {
    const keys = await raw.keys(`${namespace}:*`);
    if (keys.length) await raw.del(...keys);
  } finally {
    await raw.quit();
  }
});

describe.each(adapters)('%s key-value store', (_adapter, create) => {
  let subject: Subject;
  let kv: KeyValueStore;
  beforeAll(async () => {
    subject = await create();
    kv = subject.kv;
  });
  afterAll(async () => {
    await kv.close();
    await subject.dispose();
  });

  test('ping answers', async () => {
    await expect(kv.ping()).resolves.toBeUndefined();
  });

  test('get, set, overwrite and delete', async () => {
    expect(await kv.get('session:missing')).toBeNull();
    await kv.set('session:a', 'ə-value');
    expect(await kv.get('session:a')).toBe('ə-value');
    await kv.set('session:a', 'second');
    expect(await kv.get('session:a')).toBe('second');
    await kv.delete('session:a');
    expect(await kv.get('session:a')).toBeNull();
    await expect(kv.delete('session:a')).resolves.toBeUndefined();
  });

  test('a value with a ttl expires; one without stays', async () => {
    await kv.set('ttl:short', 'soon gone', 1);
    await kv.set('ttl:none', 'stays');
    expect(await kv.get('ttl:short')).toBe('soon gone');
    await sleep(1150);
    expect(await kv.get('ttl:short')).toBeNull();
    expect(await kv.get('ttl:none')).toBe('stays');
  });

  test('setting again replaces the ttl', async () => {
    await kv.set('ttl:replaced', 'one', 1);
    await kv.set('ttl:replaced', 'two');
    await sleep(1150);
    expect(await kv.get('ttl:replaced')).toBe('two');
  });

  test('increment counts from one; its ttl is set when the key is created and not moved after', async () => {
    expect(await kv.increment('throttle:ip', 1)).toBe(1);
    await sleep(600);
    expect(await kv.increment('throttle:ip', 1)).toBe(2);
    expect(await kv.get('throttle:ip')).toBe('2');
    // 1.15 s after creation (0.55 s after the last increment): expired, so it starts over.
    await sleep(550);
    expect(await kv.get('throttle:ip')).toBeNull();
    expect(await kv.increment('throttle:ip', 60)).toBe(1);
    expect(await kv.increment('throttle:ip', 60)).toBe(2);
    await kv.delete('throttle:ip');
    expect(await kv.increment('throttle:ip', 60)).toBe(1);
    await kv.delete('throttle:ip');
  });

  test('concurrent increments lose no update', async () => {
    const values = await Promise.all(Array.from({ length: 20 }, () => kv.increment('throttle:burst', 60)));
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await kv.delete('throttle:burst');
  });
});

test('the redis store keeps its keys under `<namespace>:`', async () => {
  const kv = createRedisKeyValueStore({ redisUrl, namespace });
  const raw = new IORedis(redisUrl);
  try {
    await kv.set('visible', 'yes', 30);
    expect(await raw.get(`${namespace}:visible`)).toBe('yes');
    expect(await raw.get('visible')).not.toBe('yes');
    await kv.increment('counted', 30);
    const ttl = await raw.ttl(`${namespace}:counted`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30);
  } finally {
    await raw.del(`${namespace}:visible`, `${namespace}:counted`);
    await raw.quit();
    await kv.close();
  }
});

describe('the database store', () => {
  let dataDir: string;
  let knex: Knex;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-kv-'));
    knex = await createKnex({ driver: 'pglite', dataDir });
  });
  afterAll(async () => {
    await knex.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('creating it twice on one knex is harmless and both see the same entries', async () => {
    const first = await createDatabaseKeyValueStore({ knex, schema: 'kv_twice' });
    await ensureKeyValueSchema(knex, 'kv_twice');
    const second = await createDatabaseKeyValueStore({ knex, schema: 'kv_twice' });
    await first.set('shared', 'yes', 60);
    expect(await second.get('shared')).toBe('yes');
    const applied = await knex('kv_twice.knex_migrations').pluck('name');
    expect(applied).toEqual(['001-key-values']);
    // close() leaves the caller's knex alone.
    await first.close();
    await expect(second.ping()).resolves.toBeUndefined();
  });

  test("a service's own migrations on the same knex, before and after, are unaffected", async () => {
    const service = (names: string[]) =>
      migrateSchema(
        knex,
        'kv_service',
        names.map((name) => ({
          name,
          up: (k: Knex) => k.raw('create table ?? (id int)', [`kv_service.t_${name.slice(0, 3)}`]),
        })),
      );
    await service(['001-read-models']);
    const kv = await createDatabaseKeyValueStore({ knex, schema: 'kv_service_kv' });
    await service(['001-read-models', '002-more']);
    await kv.set('k', 'v');
    expect(await kv.get('k')).toBe('v');
    expect(await knex('kv_service.knex_migrations').orderBy('id').pluck('name')).toEqual([
      '001-read-models',
      '002-more',
    ]);
  });

  test('entries survive a new store on a new knex over the same data (a restart)', async () => {
    const kv = await createDatabaseKeyValueStore({ knex, schema: 'kv_restart' });
    await kv.set('session:kept', 'user-1', 60);
    await kv.set('session:gone', 'user-2', 1);
    await knex.destroy();
    knex = await createKnex({ driver: 'pglite', dataDir });
    const again = await createDatabaseKeyValueStore({ knex, schema: 'kv_restart' });
    expect(await again.get('session:kept')).toBe('user-1');
    await sleep(1150);
    expect(await again.get('session:gone')).toBeNull();
  });

  test('an increment on a key set without a ttl counts on and keeps no expiry', async () => {
    const kv = await createDatabaseKeyValueStore({ knex, schema: 'kv_plain' });
    await kv.set('counter', '5');
    expect(await kv.increment('counter', 1)).toBe(6);
    await sleep(1150);
    expect(await kv.get('counter')).toBe('6');
  });

  test('expired rows are purged every `purgeEvery` writes; live ones stay', async () => {
    const kv = await createDatabaseKeyValueStore({ knex, schema: 'kv_purge', purgeEvery: 5 });
    for (let i = 0; i < 3; i++) await kv.set(`old:${i}`, 'x', 1);
    await kv.set('live', 'y', 60);
    await sleep(1150);
    expect(await knex('kv_purge.key_values').count({ n: '*' }).first()).toEqual({ n: 4 });
    await kv.increment('fifth-write', 60);
    expect(await knex('kv_purge.key_values').orderBy('key').pluck('key')).toEqual(['fifth-write', 'live']);
  });
});

test('several processes creating the database store at once on one Postgres all succeed', async () => {
  const database = `${namespace.replace(/-/g, '_')}_race`;
  await admin(`create database "${database}"`);
  const url = postgresAdminUrl.replace(/\/postgres$/, `/${database}`);
  const knexes = await Promise.all(
    Array.from({ length: 4 }, () => createKnex({ driver: 'postgres', url, poolMax: 2 })),
  );
  try {
    const stores = await Promise.all(knexes.map((knex) => createDatabaseKeyValueStore({ knex })));
    const counts = await Promise.all(stores.map((kv) => kv.increment('raced', 60)));
    expect([...counts].sort()).toEqual([1, 2, 3, 4]);
  } finally {
    await Promise.all(knexes.map((knex) => knex.destroy()));
    await admin(`drop database if exists "${database}" with (force)`);
  }
});
