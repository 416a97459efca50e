import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * An announcement's archiving period in the directory: `period_started_at` (its creation, or its
 * latest renewal) is what the 3-day reminder counts from, and `period_subject_id` is what the
 * reminder and the archived notice of that period are about (their dedupe key), so a renewed
 * announcement is reminded and told again once in each new period. The first period keeps the
 * announcement's id as its subject, as before.
 */
export const announcementPeriodsMigration: Migration = {
  name: '003-announcement-periods',
  async up(knex: Knex) {
    await knex.schema.withSchema('notifications').alterTable('announcements', (t) => {
      t.timestamp('period_started_at', { useTz: true }).nullable();
      t.text('period_subject_id').nullable();
    });
    await knex.raw(
      'update notifications.announcements set period_started_at = created_at, period_subject_id = announcement_id::text',
    );
    await knex.raw(
      'alter table notifications.announcements alter column period_started_at set not null, alter column period_subject_id set not null',
    );
    await knex.raw(
      `create index announcements_open_by_period on notifications.announcements (period_started_at) where status = 'open'`,
    );
  },
};
