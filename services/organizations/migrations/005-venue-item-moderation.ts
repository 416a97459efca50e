import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Issue 26 point 4: the venue page lists only what the public board lists, so an item a super
 * admin hid or the risk rules held for review leaves the page too (`approved`, from
 * `announcements.announcement.held-for-review|approved|hidden|restored`).
 */
export const venueItemModerationMigration: Migration = {
  name: '005-venue-item-moderation',
  async up(knex: Knex) {
    await knex.schema.withSchema('organizations').alterTable('organization_announcements', (t) => {
      t.boolean('approved').notNullable().defaultTo(true);
    });
  },
};
