import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { SharedConfig } from './config';

export type { Knex };

const INT8 = 20;
const NUMERIC = 1700;
// Counts, positions and money fit comfortably in a JS number; both drivers parse them the same way.
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

export type DbOptions =
  { driver: 'postgres'; url: string; poolMax?: number } | { driver: 'pglite'; dataDir: string };

/**
 * Embedded Postgres (PGlite) with the extensions the services rely on. Imported when opened: a
 * process on Postgres never loads PGlite.
 */
export async function openPglite(dataDir: string): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(path.resolve(dataDir), {
    extensions: { pg_trgm },
    parsers: { [NUMERIC]: (v: string) => Number(v) },
  });
  await db.waitReady;
  return db;
}

/**
 * PGlite is one connection, so embedded mode shares a single knex (pool of one) between all
 * services: transactions then serialise instead of interleaving on the shared connection.
 */
export async function createKnex(options: DbOptions): Promise<Knex> {
  if (options.driver === 'postgres') {
    return knexFactory({
      client: 'pg',
      connection: options.url,
      pool: { min: 0, max: options.poolMax ?? 10 },
    });
  }
  const pglite = await openPglite(options.dataDir);
  const { default: ClientPGLite } = await import('knex-pglite');
  return knexFactory({
    client: ClientPGLite as unknown as typeof knexFactory.Client,
    connection: { pglite } as never,
  });
}

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/** Creates the service's schema and runs its migrations, tracked in that schema. */
export async function migrateSchema(knex: Knex, schema: string, migrations: Migration[]): Promise<void> {
  await knex.raw('create schema if not exists ??', [schema]);
  await knex.migrate.latest({
    schemaName: schema,
    tableName: 'knex_migrations',
    migrationSource: {
      getMigrations: async () => migrations,
      getMigrationName: (m: Migration) => m.name,
      getMigration: async (m: Migration) => ({ up: m.up, down: m.down ?? (async () => undefined) }),
    },
  });
}

/** The database the config names: Postgres, or PGlite under DATA_DIR/pglite. */
export function createKnexFromConfig(
  config: Pick<SharedConfig, 'DB_DRIVER' | 'DATABASE_URL' | 'DATA_DIR'>,
): Promise<Knex> {
  return config.DB_DRIVER === 'postgres'
    ? createKnex({ driver: 'postgres', url: config.DATABASE_URL! })
    : createKnex({ driver: 'pglite', dataDir: path.join(path.resolve(config.DATA_DIR), 'pglite') });
}
