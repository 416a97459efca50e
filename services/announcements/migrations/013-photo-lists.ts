import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * `image_urls`: every photo of an announcement in order, the cover (`image_url`) first (issue 22,
 * from `created`/`edited` v2; a v1 event's one photo becomes a list of one, as here).
 */
export const photoListsMigration: Migration = {
  name: '013-photo-lists',
  async up(knex: Knex) {
    await knex.schema.withSchema('announcements').alterTable('announcements', (t) => {
      t.jsonb('image_urls').notNullable().defaultTo('[]');
    });
    await knex('announcements.announcements')
      .whereNotNull('image_url')
      .update({ image_urls: knex.raw('jsonb_build_array(image_url)') });
  },
};
