import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Issue 26 point 1, "ask the venues":
 * - `venue_checks`: a read model of the `requests.venue-check.*` events (rebuilt with `requests`),
 *   one row per (lost announcement, asked organisation).
 * - `answer_deadlines.kind`: a venue check is held to its deadline by the same rows and job as a
 *   claim (`request_id` then holds the venue check's id).
 */
export const venueChecksMigration: Migration = {
  name: '007-venue-checks',
  async up(knex: Knex) {
    const schema = () => knex.schema.withSchema('requests');
    await schema().createTable('venue_checks', (t) => {
      t.uuid('id').primary();
      t.uuid('announcement_id').notNullable();
      t.uuid('organization_id').notNullable();
      t.uuid('owner_user_id').notNullable();
      t.timestamp('asked_at', { useTz: true }).notNullable();
      t.timestamp('due_at', { useTz: true }).notNullable();
      t.timestamp('seen_at', { useTz: true }).nullable();
      t.uuid('seen_by').nullable();
      t.text('answer').nullable();
      t.uuid('item_id').nullable();
      t.uuid('request_id').nullable();
      t.uuid('answered_by').nullable();
      t.timestamp('answered_at', { useTz: true }).nullable();
      t.unique(['announcement_id', 'organization_id']);
      t.index(['organization_id', 'asked_at']);
      t.index(['owner_user_id', 'asked_at']);
    });
    await schema().alterTable('answer_deadlines', (t) => {
      t.text('kind').notNullable().defaultTo('claim');
    });
  },
};
