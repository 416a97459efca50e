import { notifyReadModelChanges } from '@tapinti/eventstore/read-model-changes';
import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Issue 23: every write of what the public list is read from — the announcements, the organisations'
 * status, the search's vocabulary (typo stems) — notifies at its commit, so the list's kept answers
 * (`createAnswerCache`) are forgotten in every replica as soon as one of them is out of date.
 */
export const boardChangesMigration: Migration = {
  name: '019-board-changes',
  async up(knex: Knex) {
    await notifyReadModelChanges(knex, 'announcements', [
      'announcements',
      'organization_status',
      'search_vocabulary',
    ]);
  },
};
