import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * The map (issue 24, `GET /api/announcements/map`): listed rows at a known place, by place and
 * newest first. The grouped count reads it in place order and each place's newest cards are its
 * first entries, so the map reads only the rows it answers with and the count's index entries.
 */
export const mapMigration: Migration = {
  name: '016-map',
  async up(knex: Knex) {
    await knex.raw(`
      create index announcements_listed_by_place on announcements.announcements
      (place_id, created_at desc, id desc)
      where is_public and is_active and status = 'open' and place_id is not null`);
  },
};
