import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Issue 26 point 1: which organisations were asked about which lost announcement, copied from
 * `requests.venue-check.asked` (consumer group `announcements.venue-checks`; consumer state, not a
 * read model): an asked venue's members may read the post and their candidates for it.
 */
export const venueCheckPairsMigration: Migration = {
  name: '018-venue-check-pairs',
  async up(knex: Knex) {
    await knex.schema.withSchema('announcements').createTable('venue_check_pairs', (t) => {
      t.uuid('announcement_id').notNullable();
      t.uuid('organization_id').notNullable();
      t.timestamp('asked_at', { useTz: true }).notNullable();
      t.primary(['announcement_id', 'organization_id']);
    });
  },
};
