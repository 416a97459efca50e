import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * `uploads`:
 * - `expires_at` — when a pending upload's URL stops taking bytes; a pending upload past it is
 *   deleted by the expiry job (status `expired`). Existing rows get the 15 minutes URLs had.
 * - `thumbnail_size` — set once the photo was re-encoded (metadata stripped, orientation applied,
 *   size capped) and its thumbnail made; null for photos kept before that (re-encoded on first
 *   request).
 */
export const photoNormalisationMigration: Migration = {
  name: '003-photo-normalisation',
  async up(knex: Knex) {
    await knex.schema.withSchema('announcements').alterTable('uploads', (t) => {
      t.timestamp('expires_at', { useTz: true }).nullable();
      t.bigInteger('thumbnail_size').nullable();
    });
    await knex.raw(
      `update announcements.uploads set expires_at = created_at + interval '15 minutes' where expires_at is null`,
    );
    // The expiry job looks for pending uploads by expiry; the cap for one user's pending ones.
    await knex.raw(
      `create index uploads_pending_by_expiry on announcements.uploads (expires_at) where status = 'pending'`,
    );
    await knex.raw(
      `create index uploads_pending_by_user on announcements.uploads (user_id) where status = 'pending'`,
    );
  },
};
