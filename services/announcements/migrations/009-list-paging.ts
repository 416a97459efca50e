import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * The public list pages by cursor and says how many rows match its filters. Listed rows with a
 * reward get their own newest-first index, so the rewards filter's pages, its count and the
 * rewards page's statistics read only those rows (the other filters have theirs since 001).
 */
export const listPagingMigration: Migration = {
  name: '009-list-paging',
  async up(knex: Knex) {
    await knex.raw(`
      create index announcements_listed_rewarded_newest on announcements.announcements
      (created_at desc, id desc) include (reward_amount)
      where is_public and is_active and status = 'open' and reward_amount > 0`);
  },
};
