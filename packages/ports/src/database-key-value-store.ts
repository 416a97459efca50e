import { migrateSchema, type Knex, type Migration } from '@tapinti/platform/db';
import type { KeyValueStore } from './key-value-store';

export interface DatabaseKeyValueStoreOptions {
  /** The caller's knex: the store never closes it (embedded mode shares one among all services). */
  knex: Knex;
  /** Schema holding `key_values` and its migration bookkeeping. */
  schema?: string;
  /** Expired rows are purged on every `purgeEvery`-th write (set or increment). */
  purgeEvery?: number;
}

/** At most this many expired rows go per purge, so a purge stays one short statement. */
const PURGE_LIMIT = 500;

function keyValueMigrations(schema: string): Migration[] {
  return [
    {
      name: '001-key-values',
      async up(knex) {
        // `if not exists`: harmless if another process (or a lost bookkeeping row) got here first.
        await knex.raw(
          `create table if not exists ?? (
             key text primary key,
             value text not null,
             expires_at timestamptz null
           )`,
          [`${schema}.key_values`],
        );
        await knex.raw('create index if not exists key_values_expires_at_idx on ?? (expires_at)', [
          `${schema}.key_values`,
        ]);
      },
      async down(knex) {
        await knex.raw('drop table if exists ??', [`${schema}.key_values`]);
      },
    },
  ];
}

/** Creates `<schema>.key_values` (tracked in `<schema>.knex_migrations`); idempotent, and safe to run from several processes at once. */
export async function ensureKeyValueSchema(knex: Knex, schema = 'platform'): Promise<void> {
  await migrateSchema(knex, schema, keyValueMigrations(schema));
}

/**
 * Keys with expiry in a Postgres table (PGlite in embedded mode), so sessions and throttling
 * counters survive a restart without Redis. Every operation is one autocommitted statement: no
 * transaction is ever held open on the (possibly shared, pool-of-one) connection.
 */
export async function createDatabaseKeyValueStore(
  options: DatabaseKeyValueStoreOptions,
): Promise<KeyValueStore> {
  const { knex, schema = 'platform', purgeEvery = 100 } = options;
  const table = `${schema}.key_values`;
  await ensureKeyValueSchema(knex, schema);

  let writes = 0;
  /** Every `purgeEvery`-th write deletes a bounded batch of expired rows (they are invisible anyway). */
  async function afterWrite() {
    writes += 1;
    if (writes % purgeEvery !== 0) return;
    try {
      await knex.raw(
        `delete from ?? where key in (
           select key from ?? where expires_at < now() limit ${PURGE_LIMIT}
         )`,
        [table, table],
      );
    } catch {
      // Best effort: the write itself succeeded, and the next purge takes what this one left.
    }
  }

  return {
    async get(key) {
      const row = await knex(table)
        .where({ key })
        .andWhere((q) => q.whereNull('expires_at').orWhereRaw('expires_at > now()'))
        .first('value');
      return (row?.value as string | undefined) ?? null;
    },
    async set(key, value, ttlSeconds) {
      await knex.raw(
        `insert into ?? (key, value, expires_at)
         values (?, ?, case when ?::double precision > 0
                            then now() + ?::double precision * interval '1 second' end)
         on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`,
        [table, key, value, ttlSeconds ?? 0, ttlSeconds ?? 0],
      );
      await afterWrite();
    },
    async delete(key) {
      await knex(table).where({ key }).delete();
    },
    async increment(key, ttlSeconds) {
      // One atomic statement: a new or expired row starts at 1 with a fresh expiry; a live row
      // counts on and keeps its expiry (none, if it was set without one).
      const result = await knex.raw(
        `insert into ?? as kv (key, value, expires_at)
         values (?, '1', now() + ?::double precision * interval '1 second')
         on conflict (key) do update set
           value = case when kv.expires_at <= now() then '1'
                        else (kv.value::bigint + 1)::text end,
           expires_at = case when kv.expires_at <= now() then excluded.expires_at
                             else kv.expires_at end
         returning value`,
        [table, key, ttlSeconds],
      );
      await afterWrite();
      return Number((result.rows as Array<{ value: string }>)[0]!.value);
    },
    async ping() {
      await knex.raw('select 1');
    },
    async close() {
      // The knex belongs to the caller.
    },
  };
}
