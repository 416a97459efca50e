import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractOptions } from 'tar-fs';
import { exponentialBackoff } from './backoff';
import type { SharedConfig } from './config';

export type { Knex };

const INT8 = 20;
const NUMERIC = 1700;
// Counts, positions and money fit comfortably in a JS number; both drivers parse them the same way.
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

/**
 * Planner settings of every connection of both drivers (issue 23/24), as `-c` options.
 *
 * - `random_page_cost` 1.1: Postgres's default (4, against 1 for a sequential read) prices a disk that
 *   seeks; the services' data sits in memory or on SSD, where a random read costs about what a
 *   sequential one does. With the default, a search for a common word (a match on every sixth row,
 *   spread over every page) was planned as a sequential scan testing every listed row.
 * - `max_parallel_workers_per_gather` 0: a parallel sequential scan looks cheaper to the planner
 *   than the bitmap index scan, because its cost is divided among workers; on two cores shared by
 *   every request it only takes cores from the others. Measured at 100 000 announcements, a common
 *   word's page 438 → 352 ms and its count 443 → 174 ms (p50, load average ≈ 15).
 */
export const PLANNER_SETTINGS = { random_page_cost: '1.1', max_parallel_workers_per_gather: '0' };

/** `PLANNER_SETTINGS` as a connection's `options` (pg). */
export const PLANNER_OPTIONS = Object.entries(PLANNER_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

export type DbOptions =
  { driver: 'postgres'; url: string; poolMax?: number } | { driver: 'pglite'; dataDir: string };

/** PGlite's shared buffers (Postgres's default is 128MB). */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Embedded Postgres (PGlite) with the extensions the services rely on. Imported when opened: a
 * process on Postgres never loads PGlite.
 *
 * A new data directory starts from a copy of a fresh cluster instead of running initdb again: initdb
 * is most of PGlite's start-up work, and every new cluster is the same. The copy is made once per
 * machine and PGlite version (see `freshClusterSeed`) and unpacked before PGlite opens the directory:
 * handed to PGlite as a tarball, its 40 MB stayed in the process's memory for as long as it ran.
 */
export async function openPglite(dataDir: string): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const isNew = !fs.existsSync(path.join(dataDir, 'PG_VERSION')) && !(await unpackSeed(dataDir));
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(path.resolve(dataDir), {
    // Postgres's default 128 MB of shared buffers sat in the process's memory from the start (issue
    // 23: `npm start` idle ≤ 400 MB); an embedded platform's data is read through the OS's cache anyway.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    extensions: { pg_trgm },
    parsers: { [NUMERIC]: (v: string) => Number(v) },
  });
  await db.waitReady;
  if (isNew) await writeSeed(db);
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await db.exec(`set ${name} = ${value}`);
  return db;
}

/** Where the fresh cluster of this PGlite version is kept: TAPINTI_CACHE, else the temp folder. */
function freshClusterSeed(): string {
  // The package does not export its package.json: read it beside the resolved entry.
  let dir = path.dirname(createRequire(__filename).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return path.join(process.env.TAPINTI_CACHE ?? os.tmpdir(), `pglite-fresh-cluster-${version}.tar`);
}

/**
 * The fresh cluster unpacked as `dataDir` (absent or empty), whole or not at all: into a folder
 * beside it, then renamed. False when there is no copy yet (or it cannot be read).
 */
async function unpackSeed(dataDir: string): Promise<boolean> {
  const seed = freshClusterSeed();
  if (!fs.existsSync(seed)) return false;
  const unpacking = `${path.resolve(dataDir)}.unpacking-${process.pid}-${Date.now()}`;
  try {
    const { extract } = await import('tar-fs');
    // Owner only, as Postgres wants its data directory (tar-fs reads `umask`; its types lack it).
    const ownerOnly: ExtractOptions & { umask: number } = { umask: 0o077 };
    await pipeline(fs.createReadStream(seed), extract(unpacking, ownerOnly));
    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
    fs.renameSync(unpacking, dataDir);
    return true;
  } catch {
    fs.rmSync(unpacking, { recursive: true, force: true });
    return false;
  }
}

/** Saves the cluster just made by initdb (nothing written to it yet); atomically, as processes start together. */
async function writeSeed(db: PGlite) {
  try {
    const file = freshClusterSeed();
    const blob = await db.dumpDataDir('none');
    const temporary = `${file}.${process.pid}.${Date.now()}`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(temporary, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(temporary, file);
  } catch {
    // Only a start-up shortcut: without the copy the next cluster runs initdb as this one did.
  }
}

/**
 * PGlite is one connection, so embedded mode shares a single knex (pool of one) between all
 * services: transactions then serialise instead of interleaving on the shared connection.
 */
export async function createKnex(options: DbOptions): Promise<Knex> {
  if (options.driver === 'postgres') {
    return knexFactory({
      client: 'pg',
      connection: { connectionString: options.url, options: PLANNER_OPTIONS },
      pool: { min: 0, max: options.poolMax ?? 10 },
    });
  }
  const pglite = await openPglite(options.dataDir);
  const { default: ClientPGLite } = await import('knex-pglite');
  return knexFactory({
    client: yieldingBetweenQueries(ClientPGLite),
    connection: { pglite } as never,
  });
}

type QueryingClient = new (config: Knex.Config) => {
  _query(connection: unknown, query: unknown): Promise<unknown>;
};

/**
 * PGlite runs a query synchronously and settles its promise as a microtask, so a chain of queries
 * (a consumer's batch, a relay's pass, a job) never gave the event loop a turn: a request that
 * arrived meanwhile was not even read until the chain ended — the event loop blocked 250–760 ms at a
 * time behind the day-in-Baku bench's setup (bench/README.md). Each query first waits
 * for the loop's next turn (`setImmediate`): I/O and timers are served between any two queries, for
 * a few microseconds a query.
 */
function yieldingBetweenQueries(client: typeof knexFactory.Client): typeof knexFactory.Client {
  const Base = client as unknown as QueryingClient;
  class YieldingClient extends Base {
    override async _query(connection: unknown, query: unknown) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return super._query(connection, query);
    }
  }
  return YieldingClient as unknown as typeof knexFactory.Client;
}

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/**
 * Creates the schema and runs its migrations, tracked in that schema. Processes starting together on
 * one Postgres (a service's replicas, or several services creating the same store) take turns on an
 * advisory lock: one migrates while the others wait, then find nothing to do. Knex's own migration
 * lock refuses at once instead of waiting, and the schema's bookkeeping tables may be created twice.
 */
export async function migrateSchema(knex: Knex, schema: string, migrations: Migration[]): Promise<void> {
  const run = async () => {
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
  };
  // PGlite is one connection in one process: nobody to take turns with.
  if (knex.client.config.client !== 'pg') return run();
  const lock = `migrate:${schema}`;
  const connection = await knex.client.acquireConnection();
  try {
    await connection.query('select pg_advisory_lock(hashtext($1))', [lock]);
    try {
      await run();
    } finally {
      await connection.query('select pg_advisory_unlock(hashtext($1))', [lock]);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

interface ListeningConnection {
  query(sql: string): Promise<unknown>;
  escapeIdentifier(name: string): string;
  on(event: 'notification', listener: (message: { channel: string }) => void): void;
  on(event: 'error' | 'end', listener: (err?: Error) => void): void;
  end(): Promise<void>;
}

/**
 * Calls `onNotify` for every notification on `channel` (a plain identifier) and once each time it
 * starts listening: what was sent while nobody listened is lost. Postgres: LISTEN on a connection of
 * its own outside the pool, opened again with backoff when lost. PGlite: the database's own
 * listener (one process, one connection).
 */
export function listenTo(
  knex: Knex,
  channel: string,
  onNotify: () => void,
  onError: (err: unknown, failures: number) => void,
): { stop(): Promise<void> } {
  if (knex.client.config.client !== 'pg') return listenToPglite(knex, channel, onNotify, onError);
  let stopped = false;
  let current: ListeningConnection | null = null;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const drop = (connection: ListeningConnection, err?: unknown) => {
    if (current !== connection) return;
    current = null;
    connection.end().catch(() => undefined);
    if (stopped) return;
    failures += 1;
    onError(err ?? new Error('connection ended'), failures);
    retry = setTimeout(connect, exponentialBackoff(failures, 200, 10_000));
  };
  async function connect() {
    let connection: ListeningConnection | undefined;
    try {
      connection = (await knex.client.acquireRawConnection()) as ListeningConnection;
      current = connection;
      const opened = connection;
      opened.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      opened.on('error', (err) => drop(opened, err));
      opened.on('end', () => drop(opened));
      if (stopped) return drop(opened);
      await opened.query(`listen ${opened.escapeIdentifier(channel)}`);
      failures = 0;
      onNotify();
    } catch (err) {
      if (connection) return drop(connection, err);
      failures += 1;
      onError(err, failures);
      if (!stopped) retry = setTimeout(connect, exponentialBackoff(failures, 200, 10_000));
    }
  }
  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const connection = current;
      current = null;
      await connection?.end().catch(() => undefined);
    },
  };
}

function listenToPglite(
  knex: Knex,
  channel: string,
  onNotify: () => void,
  onError: (err: unknown, failures: number) => void,
): { stop(): Promise<void> } {
  const { pglite } = knex.client.config.connection as { pglite: PGlite };
  // Between knex's transactions (its pool is this one connection): a LISTEN run inside a
  // transaction that rolls back would be undone with it.
  const betweenTransactions = async <T>(work: () => Promise<T>): Promise<T> => {
    const connection = await knex.client.acquireConnection();
    try {
      return await work();
    } finally {
      await knex.client.releaseConnection(connection);
    }
  };
  let stopped = false;
  const listening = betweenTransactions(() => pglite.listen(channel, onNotify)).then(
    (unlisten) => {
      onNotify();
      return unlisten;
    },
    (err) => {
      onError(err, 1);
      return null;
    },
  );
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      const unlisten = await listening;
      if (unlisten) await betweenTransactions(() => unlisten()).catch(() => undefined);
    },
  };
}

/** The database the config names: Postgres, or PGlite under DATA_DIR/pglite. */
export function createKnexFromConfig(
  config: Pick<SharedConfig, 'DB_DRIVER' | 'DATABASE_URL' | 'DATA_DIR'>,
): Promise<Knex> {
  return config.DB_DRIVER === 'postgres'
    ? createKnex({ driver: 'postgres', url: config.DATABASE_URL! })
    : createKnex({ driver: 'pglite', dataDir: path.join(path.resolve(config.DATA_DIR), 'pglite') });
}
