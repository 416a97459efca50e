import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Issue 26 point 4, venue pages:
 * - `venue_profiles`: a read model of `organization.venue-profile-set` (the page's unique slug,
 *   working hours, whether they pause the answer deadline, pickup instructions).
 * - `venue_claims`: consumer state from `requests.events` (group `organizations.venue-scorecards`):
 *   each claim on an organisation's item with its deadline, first answer and hand-over — the
 *   scorecard's facts. This service never reads the requests service's tables.
 */
export const venuesMigration: Migration = {
  name: '004-venues',
  async up(knex: Knex) {
    const schema = () => knex.schema.withSchema('organizations');
    await schema().createTable('venue_profiles', (t) => {
      t.uuid('organization_id').primary();
      t.text('slug').notNullable().unique();
      t.jsonb('working_hours').nullable();
      t.boolean('pauses_deadline_outside_hours').notNullable().defaultTo(false);
      t.text('pickup_instructions').nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await schema().createTable('venue_claims', (t) => {
      t.uuid('request_id').primary();
      t.uuid('organization_id').notNullable();
      t.timestamp('filed_at', { useTz: true }).notNullable();
      t.timestamp('due_at', { useTz: true }).notNullable();
      t.timestamp('first_answered_at', { useTz: true }).nullable();
      t.timestamp('returned_at', { useTz: true }).nullable();
    });
    await knex.raw(
      'create index venue_claims_recent on organizations.venue_claims (organization_id, filed_at)',
    );
  },
};
