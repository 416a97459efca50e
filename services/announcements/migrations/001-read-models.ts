import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * - `announcements` — the read model of announcement events (emptied and refilled by a rebuild).
 * - `uploads` — photo uploads and who made them. Not event-sourced: it describes objects in
 *   storage (which a rebuild could not recreate either), so a rebuild leaves it alone.
 * - `user_contacts` — phone and e-mail of users, from `auth.events` (consumer state; it is
 *   tracked by `processed_events`, so a rebuild of this service's own events leaves it alone).
 */
export const readModelsMigration: Migration = {
  name: '001-read-models',
  async up(knex: Knex) {
    // Services migrate concurrently in distributed mode; two racing CREATE EXTENSIONs collide.
    await knex.raw("select pg_advisory_xact_lock(hashtext('tapinti:create-extension:pg_trgm'))");
    await knex.raw('create extension if not exists pg_trgm');
    await knex.schema.withSchema('announcements').createTable('announcements', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.uuid('organization_id').nullable();
      t.text('type').notNullable();
      t.text('title').notNullable();
      t.text('description').notNullable();
      t.text('category').notNullable();
      t.text('location').notNullable();
      t.text('room_number').nullable();
      t.text('contact_info').nullable();
      t.text('image_url').nullable();
      t.integer('reward_amount').notNullable().defaultTo(0);
      t.text('reward_description').nullable();
      t.text('status').notNullable().defaultTo('open');
      t.boolean('is_public').notNullable().defaultTo(true);
      t.boolean('is_active').notNullable().defaultTo(true);
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('archived_at', { useTz: true }).nullable();
      // Title, description and location folded by `foldForSearch` (Azerbaijani-aware).
      t.text('search_text').notNullable();
    });
    // The public list, newest first: only listed rows are in the index.
    await knex.raw(`
      create index announcements_listed_newest on announcements.announcements (created_at desc, id desc)
      where is_public and is_active and status = 'open'`);
    await knex.raw(`
      create index announcements_listed_category_newest on announcements.announcements (category, created_at desc, id desc)
      where is_public and is_active and status = 'open'`);
    // Substring search (LIKE '%…%') on the folded text.
    await knex.raw(`
      create index announcements_search_trgm on announcements.announcements using gin (search_text gin_trgm_ops)
      where is_public and is_active and status = 'open'`);
    await knex.raw(
      'create index announcements_by_user on announcements.announcements (user_id, created_at desc)',
    );
    // The start-up sweep looks for open announcements by age.
    await knex.raw(
      `create index announcements_open_by_age on announcements.announcements (created_at) where status = 'open'`,
    );

    await knex.schema.withSchema('announcements').createTable('uploads', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      // pending → ready (checked and kept under `photos/<id>`) or rejected (object removed).
      t.text('status').notNullable().defaultTo('pending');
      t.text('content_type').nullable();
      t.bigInteger('size').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('normalized_at', { useTz: true }).nullable();
      t.index(['user_id', 'created_at']);
    });

    await knex.schema.withSchema('announcements').createTable('user_contacts', (t) => {
      t.uuid('user_id').primary();
      t.text('email').nullable();
      t.text('phone').nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
};
