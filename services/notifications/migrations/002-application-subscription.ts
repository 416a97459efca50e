import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * `applications.subscription_id`: the subscription an approval started (from
 * `organizations.application.approved`), so the approval notification waits for its details too.
 */
export const applicationSubscriptionMigration: Migration = {
  name: '002-application-subscription',
  async up(knex: Knex) {
    await knex.schema.withSchema('notifications').alterTable('applications', (t) => {
      t.uuid('subscription_id').nullable();
    });
  },
};
