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

/**
 * Per-stream concurrency instead of one lock per store: a `streams` row per stream carries its
 * version (the optimistic check) and the transaction that last appended to it; each event records
 * its transaction, so the relay can read only what no running transaction can still add to.
 */
function streamsAndTransactionIdsMigration(schema: string): Migration {
  return {
    name: '000b-streams-and-transaction-ids',
    async up(knex: Knex) {
      await knex.schema.withSchema(schema).createTable('streams', (t) => {
        t.text('stream_id').primary();
        t.integer('version').notNullable();
        t.specificType('transaction_id', 'xid8').notNullable();
      });
      await knex.raw(
        `insert into ??.streams (stream_id, version, transaction_id)
         select stream_id, max(stream_version), '0' from ??.events group by stream_id`,
        [schema, schema],
      );
      // Rows already there get transaction 0 (before any later one); new rows the inserting one.
      const addTransactionId = async (table: string) => {
        await knex.raw(`alter table ??.?? add column transaction_id xid8 not null default '0'`, [
          schema,
          table,
        ]);
        await knex.raw(`alter table ??.?? alter column transaction_id set default pg_current_xact_id()`, [
          schema,
          table,
        ]);
      };
      // Every insert records its transaction, bulk loads that bypass append() included.
      await addTransactionId('events');
      // A checkpoint written by position alone (a bulk load skipping its history) then stands
      // after every transaction committed before it, not at transaction 0.
      await addTransactionId('relay_checkpoints');
      await knex.raw(`create index events_transaction_position on ??.events (transaction_id, position)`, [
        schema,
      ]);
    },
  };
}

/**
 * Several replicas of a service: the relay that publishes holds a lease in the checkpoint row
 * (`relay.ts`; a row without a leader is free), and the inbox is pruned by age (`pruneInbox`).
 */
function relayLeaseAndInboxAgeMigration(schema: string): Migration {
  return {
    name: '000c-relay-lease-and-inbox-age',
    async up(knex: Knex) {
      await knex.schema.withSchema(schema).alterTable('relay_checkpoints', (t) => {
        t.text('leader').nullable();
        t.timestamp('lease_expires_at', { useTz: true }).nullable();
      });
      await knex.schema.withSchema(schema).alterTable('processed_events', (t) => {
        t.index(['processed_at'], 'processed_events_processed_at');
      });
    },
  };
}

/** The channel a commit of new events notifies: the relay leading the service listens to it. */
// A plain identifier: PGlite's `listen` does not quote it.
export const relayChannel = (schema: string) => `${schema}_events`;

/**
 * A commit that appended events notifies the relay (one notification per transaction, delivered at
 * commit), so a relay of another replica publishes at once instead of finding them at a poll.
 */
function relayNotificationMigration(schema: string): Migration {
  return {
    name: '000d-relay-notification',
    async up(knex: Knex) {
      await knex.raw(
        `create function ??.notify_relay() returns trigger language plpgsql as $$
         begin perform pg_notify('${relayChannel(schema)}', ''); return null; end $$`,
        [schema],
      );
      await knex.raw(
        `create trigger events_notify_relay after insert on ??.events
         for each statement execute function ??.notify_relay()`,
        [schema, schema],
      );
    },
  };
}

/** Every migration of the event-store tables, oldest first (published ones are never edited). */
export function eventStoreMigrations(schema: string): Migration[] {
  return [
    eventStoreMigration(schema),
    streamsAndTransactionIdsMigration(schema),
    relayLeaseAndInboxAgeMigration(schema),
    relayNotificationMigration(schema),
  ];
}
