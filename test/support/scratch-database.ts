import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createKnex, migrateSchema, type Knex, type Migration } from '@tapinti/platform/db';
import { INFRA, withAdmin } from './infra';

/**
 * A database of its own on the real Postgres with one service's schema (its event store and its
 * migrations), for tests that run that service's transactions against each other; `drop` removes it.
 */
export async function scratchDatabase(
  name: string,
  schema: string,
  migrations: Migration[],
): Promise<{ knex: Knex; drop(): Promise<void> }> {
  const database = `tapinti_${name}_${Date.now().toString(36)}`;
  await withAdmin((client) => client.query(`create database "${database}"`));
  const knex = await createKnex({ driver: 'postgres', url: `${INFRA.postgresBaseUrl}/${database}` });
  await migrateSchema(knex, schema, [...eventStoreMigrations(schema), ...migrations]);
  return {
    knex,
    async drop() {
      await knex.destroy();
      await withAdmin((client) => client.query(`drop database if exists "${database}" with (force)`));
    },
  };
}
