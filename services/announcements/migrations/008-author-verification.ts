import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Issue 15: the verified badge on an announcement's author label. `user_contacts.email_verified`
 * follows auth's `email-verified` / `profile-updated` events (consumer group
 * `announcements.user-contacts`); `announcements.author_verified` copies it onto the author's
 * announcements (set when one is projected, and on each change), so the lists read one table.
 */
export const authorVerificationMigration: Migration = {
  name: '008-author-verification',
  async up(knex: Knex) {
    await knex.schema.withSchema('announcements').alterTable('user_contacts', (t) => {
      t.boolean('email_verified').notNullable().defaultTo(false);
    });
    await knex.schema.withSchema('announcements').alterTable('announcements', (t) => {
      t.boolean('author_verified').notNullable().defaultTo(false);
    });
  },
};
