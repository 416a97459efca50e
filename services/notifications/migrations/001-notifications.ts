import type { Knex, Migration } from '@tapinti/platform/db';

const SCHEMA = 'notifications';

/**
 * The notifications service's tables.
 *
 * Its own records (never rebuilt):
 * - `notifications`: one row per notification and channel (`in_app`, `email`), spec §3 fields plus
 *   channel, link, recipient address, the dedupe key that makes a trigger create it once, the last
 *   delivery error, and when it was read / handed to the job queue.
 * - `preferences`: a recipient's e-mail choice per type (`user:<id>` or `email:<address>`).
 *
 * The directory: read models of the events it consumed, from which recipients are resolved
 * (never another service's tables). Every value comes from an event, none from a column default
 * or the clock, so a rebuild from `consumed_events` gives the same rows:
 * - `users`, `announcements`, `applications`, `organizations`, `subscriptions`, `requests`.
 * - `consumed_events`: each event the consumer applied, in the order it applied them (the log a
 *   rebuild replays).
 */
export const notificationsMigration: Migration = {
  name: '001-notifications',
  async up(knex: Knex) {
    // A fresh builder per statement: a knex schema builder replays everything it collected.
    const schema = () => knex.schema.withSchema(SCHEMA);

    await schema().createTable('notifications', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').nullable();
      t.text('channel').notNullable();
      t.text('type').notNullable();
      /** What it is about (a request, an announcement, …): reminders look their earlier ones up by it. */
      t.text('subject_id').notNullable();
      t.text('title').notNullable();
      t.text('message').notNullable();
      t.text('status').notNullable();
      t.integer('retry_count').notNullable().defaultTo(0);
      t.jsonb('data').notNullable();
      t.text('link').nullable();
      /** The e-mail address (e-mail rows): given for address-only recipients, else filled at sending. */
      t.text('recipient').nullable();
      /** `<type>:<subject>:<recipient>`: a trigger seen twice (two events, a rerun) creates nothing twice. */
      t.text('dedupe_key').notNullable();
      t.text('error').nullable();
      t.timestamp('read_at', { useTz: true }).nullable();
      t.timestamp('sent_at', { useTz: true }).nullable();
      /** When its send job was handed to the queue (null: the dispatcher has not yet). */
      t.timestamp('enqueued_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.unique(['dedupe_key', 'channel']);
    });
    await knex.raw(`
      create index notifications_inbox on notifications.notifications (user_id, created_at desc, id desc)
      where channel = 'in_app'`);
    await knex.raw(`
      create index notifications_unread on notifications.notifications (user_id)
      where channel = 'in_app' and read_at is null`);
    await knex.raw(`
      create index notifications_pending on notifications.notifications (created_at, id)
      where status = 'pending'`);
    await knex.raw(
      'create index notifications_newest on notifications.notifications (created_at desc, id desc)',
    );
    await knex.raw('create index notifications_subject on notifications.notifications (type, subject_id)');

    await schema().createTable('preferences', (t) => {
      t.text('recipient').notNullable();
      t.text('type').notNullable();
      t.boolean('email').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.primary(['recipient', 'type']);
    });

    await schema().createTable('consumed_events', (t) => {
      t.bigIncrements('seq').primary();
      t.uuid('event_id').notNullable().unique();
      t.text('type').notNullable();
      t.integer('schema_version').notNullable();
      t.text('stream_id').notNullable();
      t.jsonb('payload').notNullable();
      t.jsonb('metadata').notNullable();
    });

    await schema().createTable('users', (t) => {
      t.uuid('user_id').primary();
      t.text('username').notNullable();
      t.text('email').notNullable();
      t.text('role').notNullable();
      t.uuid('organization_id').nullable();
    });
    await knex.raw(
      'create index users_by_organization on notifications.users (organization_id, role) where organization_id is not null',
    );

    await schema().createTable('announcements', (t) => {
      t.uuid('announcement_id').primary();
      t.uuid('user_id').notNullable();
      t.uuid('organization_id').nullable();
      t.text('type').notNullable();
      t.text('title').notNullable();
      /** open, archived, or resolved (a claim on it was resolved_claimed). */
      t.text('status').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('archived_at', { useTz: true }).nullable();
    });
    await knex.raw(
      `create index announcements_open_by_age on notifications.announcements (created_at) where status = 'open'`,
    );

    await schema().createTable('applications', (t) => {
      t.uuid('application_id').primary();
      t.text('organization_name').notNullable();
      t.text('organization_type').notNullable();
      t.text('contact_email').notNullable();
      t.text('contact_person').notNullable();
      t.uuid('submitted_by').nullable();
      t.text('status').notNullable();
      t.uuid('organization_id').nullable();
    });

    await schema().createTable('organizations', (t) => {
      t.uuid('organization_id').primary();
      t.uuid('application_id').nullable();
      t.text('name').notNullable();
      t.text('type').notNullable();
      t.text('address').notNullable();
      t.text('contact_email').notNullable();
      t.text('contact_phone').nullable();
      t.boolean('is_active').notNullable();
    });
    await knex.raw(
      'create index organizations_by_application on notifications.organizations (application_id) where application_id is not null',
    );

    await schema().createTable('subscriptions', (t) => {
      t.uuid('subscription_id').primary();
      t.uuid('organization_id').notNullable();
      t.text('plan').notNullable();
      t.text('status').notNullable();
      /** Calendar days, `YYYY-MM-DD`. */
      t.text('start_date').notNullable();
      t.text('end_date').notNullable();
    });

    await schema().createTable('requests', (t) => {
      t.uuid('request_id').primary();
      t.uuid('announcement_id').notNullable();
      t.uuid('organization_id').nullable();
      t.uuid('user_id').notNullable();
      t.uuid('handler_user_id').nullable();
      t.text('status').notNullable();
    });
  },
};

/** The directory tables a rebuild empties and refills from `consumed_events`. */
export const DIRECTORY_TABLES = [
  'users',
  'announcements',
  'applications',
  'organizations',
  'subscriptions',
  'requests',
] as const;
