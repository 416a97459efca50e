import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createKnex, migrateSchema, type Knex, type Migration } from '@tapinti/platform/db';
import { INFRA, withAdmin } from './infra';

/**
 * A database of its own on the real Postgres with one service's schema (its event store and its
 * migrations), for tests that run that service's transactions against each other; `url` reaches it from
 * another connection, `drop` removes it.
 */
export async function scratchDatabase(
  name: string,
  schema: string,
  migrations: Migration[],
): Promise<{ knex: Knex; url: string; drop(): Promise<void> }> {
  const database = `tapinti_${name}_${Date.now().toString(36)}`;
  await withAdmin((client) => client.query(`create database "${database}"`));
  const url = `${INFRA.postgresBaseUrl}/${database}`;
  const knex = await createKnex({ driver: 'postgres', url });
  await migrateSchema(knex, schema, [...eventStoreMigrations(schema), ...migrations]);
  return {
    knex,
    url,
    async drop() {
      await knex.destroy();
      await withAdmin((client) => client.query(`drop database if exists "${database}" with (force)`));
    },
  };
}
