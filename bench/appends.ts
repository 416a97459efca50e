// Append throughput of the event store on the real Postgres: concurrent writers, each appending
// to its own stream (one event per commit, through `commit` like a service does). Distinct
// streams never conflict, so this measures what the store itself serialises.
import pg from 'pg';
import { createKnex, migrateSchema } from '@tapinti/platform/db';
import { createEventSourcing } from '@tapinti/eventstore/event-sourcing';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { INFRA } from '../test/support/infra';

export interface AppendBenchResult {
  writers: number;
  appends: number;
  seconds: number;
  perSecond: number;
}

export async function benchAppends(options: {
  writers: number;
  appendsPerWriter: number;
}): Promise<AppendBenchResult> {
  const { writers, appendsPerWriter } = options;
  const database = `tapinti_bench_appends_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: INFRA.postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  const knex = await createKnex({
    driver: 'postgres',
    url: `${INFRA.postgresBaseUrl}/${database}`,
    poolMax: writers,
  });
  try {
    await migrateSchema(knex, 'bench', eventStoreMigrations('bench'));
    const es = createEventSourcing(knex, {
      schema: 'bench',
      source: 'bench',
      project: async () => undefined,
      readModelTables: [],
    });
    const metadata = systemMetadata('bench-appends');
    const writer = async (w: number) => {
      for (let version = 0; version < appendsPerWriter; version++) {
        await es.commit(({ append }) =>
          append(
            `bench-${w}`,
            version === 0 ? 'no-stream' : version,
            [{ type: 'bench.thing.happened', schemaVersion: 1, payload: { w, version } }],
            metadata,
          ),
        );
      }
    };
    // Connections opened before the clock starts, so the figure is appends, not connects.
    await Promise.all(Array.from({ length: writers }, () => knex.raw('select pg_sleep(0.05)')));
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const appends = writers * appendsPerWriter;
    return { writers, appends, seconds, perSecond: appends / seconds };
  } finally {
    await knex.destroy();
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    await admin.end();
  }
}
