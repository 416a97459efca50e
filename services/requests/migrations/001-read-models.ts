import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * - `requests` — the read model of this service's request events (emptied and refilled by a
 *   rebuild): who claims which announcement, who handles it, its status.
 * - `request_details` — what the claimant wrote: room number, message and their answers to the
 *   announcement's security questions (next to the questions as they were). Never in an event,
 *   so it is not a read model: written in the filing transaction, kept by a rebuild.
 * - `announcements` — this service's copy of announcements (owner, organisation, type, title,
 *   room number, status, public/active, security question texts) from `announcements.events`
 *   (consumer state, tracked by `processed_events`; a rebuild leaves it alone).
 * - `users` — usernames, e-mails and phones from `auth.events` (consumer state), to show a
 *   handler who claims and how to reach them.
 */
export const readModelsMigration: Migration = {
  name: '001-read-models',
  async up(knex: Knex) {
    await knex.schema.withSchema('requests').createTable('requests', (t) => {
      t.uuid('id').primary();
      t.uuid('announcement_id').notNullable();
      t.uuid('organization_id').nullable();
      t.uuid('user_id').notNullable();
      t.uuid('handler_user_id').nullable();
      t.text('contact_method').notNullable();
      t.text('status').notNullable().defaultTo('pending');
      t.uuid('handled_by').nullable();
      t.timestamp('handled_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    await knex.raw(
      'create index requests_by_organization on requests.requests (organization_id, created_at desc, id desc) where organization_id is not null',
    );
    await knex.raw(
      'create index requests_by_handler on requests.requests (handler_user_id, created_at desc, id desc) where handler_user_id is not null',
    );
    // The claimant's list, their open count and their filings of the last hour.
    await knex.raw(
      'create index requests_by_claimant on requests.requests (user_id, created_at desc, id desc)',
    );
    await knex.raw('create index requests_by_announcement on requests.requests (announcement_id, status)');

    await knex.schema.withSchema('requests').createTable('request_details', (t) => {
      t.uuid('request_id').primary();
      t.text('room_number').nullable();
      t.text('message').nullable();
      t.jsonb('answers').notNullable().defaultTo('[]');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });

    await knex.schema.withSchema('requests').createTable('announcements', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.uuid('organization_id').nullable();
      t.text('type').notNullable();
      t.text('title').notNullable();
      t.text('room_number').nullable();
      t.text('status').notNullable().defaultTo('open');
      t.boolean('is_public').notNullable().defaultTo(true);
      t.boolean('is_active').notNullable().defaultTo(true);
      t.jsonb('security_questions').notNullable().defaultTo('[]');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });

    await knex.schema.withSchema('requests').createTable('users', (t) => {
      t.uuid('user_id').primary();
      t.text('username').nullable();
      t.text('email').nullable();
      t.text('phone').nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
};
