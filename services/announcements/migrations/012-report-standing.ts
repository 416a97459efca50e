import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Issue 21, finding 3: reports weigh by their reporter's standing, read from this service's own data.
 *
 * - `user_contacts.registered_at` (when auth's `registered` event says the account was made) and
 *   `phone_verified` (auth's `phone-verified`, reset by a phone change), next to `email_verified`.
 *   Rows from before this migration take their last update as the registration time (no earlier).
 * - `reports.outcome`: `upheld` when the review hid the announcement, `rejected` when it kept it
 *   (approved or restored); a reporter's past outcomes weigh their next reports.
 */
export const reportStandingMigration: Migration = {
  name: '012-report-standing',
  async up(knex: Knex) {
    await knex.schema.withSchema('announcements').alterTable('user_contacts', (t) => {
      t.timestamp('registered_at', { useTz: true }).nullable();
      t.boolean('phone_verified').notNullable().defaultTo(false);
    });
    await knex.raw('update announcements.user_contacts set registered_at = updated_at');
    await knex.schema.withSchema('announcements').alterTable('reports', (t) => {
      t.text('outcome').nullable();
    });
    await knex.raw(`
      create index reports_reviewed_by_reporter on announcements.reports (reporter_id) where reviewed`);
  },
};
