import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Moderation (issue 15):
 *
 * - `announcements.moderation_status` (`approved`, `pending_review`, `hidden`), `moderation_reason`
 *   (the hiding reason, or what held it), `moderation_rules` (the risk rules it matched, jsonb),
 *   `moderated_at` — read model, from the events. Every public query asks for `approved`.
 * - `reports` — users' reports (read model, from `reported` events); `reviewed` once a super admin
 *   approved, hid or restored it after them.
 * - `report_notes` — the reporters' notes, never in an event (they may name people or contacts):
 *   written in the transaction of the `reported` event; not a read model, so a rebuild keeps it.
 */
export const moderationMigration: Migration = {
  name: '007-moderation',
  async up(knex: Knex) {
    await knex.schema.withSchema('announcements').alterTable('announcements', (t) => {
      t.text('moderation_status').notNullable().defaultTo('approved');
      t.text('moderation_reason').nullable();
      t.jsonb('moderation_rules').nullable();
      t.timestamp('moderated_at', { useTz: true }).nullable();
    });
    // The queue: the few announcements that are not simply approved.
    await knex.raw(`
      create index announcements_moderation_queue on announcements.announcements (moderated_at desc, id)
      where moderation_status <> 'approved' and deleted_at is null`);
    await knex.schema.withSchema('announcements').createTable('reports', (t) => {
      t.uuid('announcement_id').notNullable();
      t.uuid('reporter_id').notNullable();
      t.text('type').notNullable();
      t.timestamp('reported_at', { useTz: true }).notNullable();
      t.boolean('reviewed').notNullable().defaultTo(false);
      t.primary(['announcement_id', 'reporter_id', 'reported_at']);
    });
    await knex.raw(`
      create index reports_unreviewed on announcements.reports (announcement_id) where not reviewed`);
    await knex.schema.withSchema('announcements').createTable('report_notes', (t) => {
      t.uuid('announcement_id').notNullable();
      t.uuid('reporter_id').notNullable();
      t.timestamp('reported_at', { useTz: true }).notNullable();
      t.text('note').notNullable();
      t.primary(['announcement_id', 'reporter_id', 'reported_at']);
    });
  },
};
