import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * An announcement's life after posting (edit, close, delete, renew):
 *
 * - `announcements.outcome` — why a resolved one is closed (`returned`, `no_longer_needed`);
 *   `renewed_at` — its last renewal (its archiving period counts from it, else from `created_at`);
 *   `deleted_at` — removed by its author: in no list, no details (read model, from the events).
 * - `photo_removals` — photos of deleted announcements (or replaced by an edit) whose objects are
 *   still to be removed from storage. Written in the transaction of the event, emptied by the
 *   `remove-photos` job after the objects are gone; not a read model, so a rebuild keeps it.
 */
export const announcementLifeMigration: Migration = {
  name: '004-announcement-life',
  async up(knex: Knex) {
    await knex.schema.withSchema('announcements').alterTable('announcements', (t) => {
      t.text('outcome').nullable();
      t.timestamp('renewed_at', { useTz: true }).nullable();
      t.timestamp('deleted_at', { useTz: true }).nullable();
    });
    // A claim resolved them: the item went back to its owner.
    await knex('announcements.announcements').where({ status: 'resolved' }).update({ outcome: 'returned' });
    // The archiving sweep looks for open announcements by the start of their period.
    await knex.raw(`
      create index announcements_open_by_period on announcements.announcements
      ((coalesce(renewed_at, created_at)), id) where status = 'open' and deleted_at is null`);
    // Is a photo still shown by another announcement (one upload may be attached twice)?
    await knex.raw(`
      create index announcements_by_image on announcements.announcements (image_url)
      where image_url is not null and deleted_at is null`);
    await knex.schema.withSchema('announcements').createTable('photo_removals', (t) => {
      t.uuid('object_id').primary();
      t.timestamp('requested_at', { useTz: true }).notNullable();
    });
  },
};
