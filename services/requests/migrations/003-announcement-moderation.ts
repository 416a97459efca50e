import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * The copy of an announcement learns its moderation state: `approved` is false while it is held
 * for review or hidden (announcements.announcement.held-for-review / hidden), true again once
 * approved or restored. Announcements posted before moderation existed were all visible.
 */
export const announcementModerationMigration: Migration = {
  name: '003-announcement-moderation',
  async up(knex: Knex) {
    await knex.schema.withSchema('requests').alterTable('announcements', (t) => {
      t.boolean('approved').notNullable().defaultTo(true);
    });
  },
};
