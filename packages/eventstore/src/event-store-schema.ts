import type { Knex } from 'knex';
import type { Migration } from '@tapinti/platform/db';

/** The tables every service's event store needs, created in that service's schema. */
export function eventStoreMigration(schema: string): Migration {
  return {
    name: '000-event-store',
    async up(knex: Knex) {
      await knex.schema.withSchema(schema).createTable('events', (t) => {
        t.bigIncrements('position').primary();
        t.uuid('event_id').notNullable().unique();
        t.text('stream_id').notNullable();
        t.integer('stream_version').notNullable();
        t.text('event_type').notNullable();
        t.integer('schema_version').notNullable();
        t.jsonb('payload').notNullable();
        t.jsonb('metadata').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.unique(['stream_id', 'stream_version']);
      });
      // Where the relay to the bus has got to; moved only after the bus accepted the events.
      await knex.schema.withSchema(schema).createTable('relay_checkpoints', (t) => {
        t.text('name').primary();
        t.bigInteger('position').notNullable();
      });
      // Events a consumer of this service has applied; written in the same transaction as the effect.
      await knex.schema.withSchema(schema).createTable('processed_events', (t) => {
        t.text('consumer').notNullable();
        t.uuid('event_id').notNullable();
        t.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['consumer', 'event_id']);
      });
    },
  };
}
