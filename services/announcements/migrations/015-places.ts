import type { Knex, Migration } from '@tapinti/platform/db';
import { placeColumnsOf } from '@tapinti/matching/search-columns';

const BACKFILL_BATCH = 500;

/**
 * Places and dates (issue 24): each announcement's location resolved to a gazetteer place, written
 * by the projection with the row (`placeColumnsOf`).
 *
 * - `place_id` — the place its location names, or null: the chip on the card.
 * - `place_area` — that place and every district or city it lies in: the place filter
 *   (`place_area @> array[?]`), with a GIN index over the listed rows.
 *
 * The date filter reads `created_at` through the listed rows' newest-first indexes (001, 009).
 * Existing rows are filled here, in batches.
 */
export const placesMigration: Migration = {
  name: '015-places',
  async up(knex: Knex) {
    await knex.raw(`
      alter table announcements.announcements
        add column place_id text,
        add column place_area text[] not null default '{}'`);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows: Array<{ id: string; location: string }> = await knex('announcements.announcements')
        .select('id', 'location')
        .where('id', '>', after)
        .orderBy('id')
        .limit(BACKFILL_BATCH);
      for (const row of rows) {
        const columns = placeColumnsOf(row);
        if (columns.place_id !== null)
          await knex('announcements.announcements').where({ id: row.id }).update(columns);
      }
      if (rows.length < BACKFILL_BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    await knex.raw(`
      create index announcements_place_area on announcements.announcements
      using gin (place_area) where is_public and is_active and status = 'open'`);
  },
};
