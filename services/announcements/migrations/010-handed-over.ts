import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * `handed_over_at`: when the finder side confirmed the owner's hand-over code
 * (`announcements.announcement.handed-over`); null until then.
 */
export const handedOverMigration: Migration = {
  name: '010-handed-over',
  async up(knex: Knex) {
    await knex.schema.withSchema('announcements').alterTable('announcements', (t) => {
      t.timestamp('handed_over_at', { useTz: true }).nullable();
    });
  },
};
