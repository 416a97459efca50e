import type { Knex, Migration } from '@tapinti/platform/db';

export const auditLogs: Migration = {
  name: '001-audit-logs',
  async up(knex: Knex) {
    // Fed by the consumer of every service's events (not by this service's own event store, so
    // not a rebuildable read model): one row per event, kept once thanks to event_id.
    await knex.schema.withSchema('audit').createTable('audit_logs', (t) => {
      t.uuid('id').primary();
      /** Tie-breaker for rows with the same created_at: the order they arrived in. */
      t.bigIncrements('seq', { primaryKey: false });
      t.uuid('event_id').notNullable().unique({ indexName: 'audit_logs_event_id_unique' });
      /** The service whose event it was. */
      t.text('source').notNullable();
      /** The actor; for system events the subject's id, or null. Nullable, unlike spec §3. */
      t.uuid('user_id').nullable();
      t.uuid('organization_id').nullable();
      t.text('entity_type').notNullable();
      t.text('entity_id').nullable();
      /** The event type. */
      t.text('action').notNullable();
      t.jsonb('before_state').nullable();
      t.jsonb('after_state').nullable();
      t.text('ip_address').nullable();
      t.text('user_agent').nullable();
      /** When it happened: the event's occurredAt. */
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['created_at', 'seq'], 'audit_logs_created_idx');
      t.index(['organization_id', 'created_at'], 'audit_logs_organization_idx');
      t.index(['user_id'], 'audit_logs_user_idx');
    });
    // Usernames of actors, from auth events, to show who did what.
    await knex.schema.withSchema('audit').createTable('users', (t) => {
      t.uuid('id').primary();
      t.text('username').notNullable();
    });
  },
  async down(knex: Knex) {
    await knex.schema.withSchema('audit').dropTable('users');
    await knex.schema.withSchema('audit').dropTable('audit_logs');
  },
};
