import type { Knex, Migration } from '@tapinti/platform/db';

const SCHEMA = 'organizations';

/**
 * Read models of this service's own events (emptied and refilled by a rebuild; every value comes
 * from an event, none from a column default, so a rebuild gives the same rows):
 * - `applications`, `organizations`, `subscriptions`, `invitations` (never a token),
 * - `organization_admins`: who accepted an invitation to which organisation (the admin count).
 *
 * Consumer state (kept by consumers, tracked in `processed_events`, not rebuilt):
 * - `invitation_mails`: the invitation e-mails to send (an outbox fed by this service's own
 *   `organizations.invitation.issued` events); no token or link is stored, it is signed again at
 *   send time.
 * - `organization_announcements`: the announcements of organisations, from `announcements.events`.
 */
export const readModelsMigration: Migration = {
  name: '001-read-models',
  async up(knex: Knex) {
    // A fresh builder per statement: a knex schema builder replays everything it collected.
    const schema = () => knex.schema.withSchema(SCHEMA);
    await schema().createTable('applications', (t) => {
      t.uuid('id').primary();
      t.text('organization_name').notNullable();
      t.text('organization_type').notNullable();
      t.text('address').notNullable();
      /** Lower-cased. */
      t.text('contact_email').notNullable();
      t.text('contact_person').notNullable();
      t.text('contact_phone').nullable();
      t.text('message').nullable();
      t.text('status').notNullable();
      t.text('rejection_reason').nullable();
      t.uuid('reviewed_by').nullable();
      t.timestamp('reviewed_at', { useTz: true }).nullable();
      t.uuid('organization_id').nullable();
      t.uuid('submitted_by').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    await knex.raw(`create index applications_newest on ${SCHEMA}.applications (created_at desc, id desc)`);
    await knex.raw(
      `create index applications_by_status on ${SCHEMA}.applications (status, created_at desc, id desc)`,
    );
    await knex.raw(
      `create index applications_pending_by_email on ${SCHEMA}.applications (contact_email) where status = 'pending'`,
    );

    await schema().createTable('organizations', (t) => {
      t.uuid('id').primary();
      t.text('name').notNullable();
      t.text('type').notNullable();
      t.text('address').notNullable();
      t.text('contact_email').notNullable();
      t.text('contact_phone').nullable();
      t.boolean('is_active').notNullable();
      t.uuid('subscription_id').nullable();
      t.jsonb('settings').notNullable();
      t.uuid('application_id').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await knex.raw(`create index organizations_newest on ${SCHEMA}.organizations (created_at desc, id desc)`);

    await schema().createTable('subscriptions', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable();
      t.text('plan').notNullable();
      t.text('status').notNullable();
      /** Calendar days `YYYY-MM-DD` (Baku); text compares in date order. */
      t.text('start_date').notNullable();
      t.text('end_date').notNullable();
      t.decimal('monthly_price', 10, 2).notNullable();
      t.jsonb('features').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expired_at', { useTz: true }).nullable();
      t.index(['organization_id'], 'subscriptions_by_organization');
    });
    // The expiry job looks for running subscriptions by end date.
    await knex.raw(
      `create index subscriptions_running_by_end on ${SCHEMA}.subscriptions (end_date, id) where status <> 'expired'`,
    );

    await schema().createTable('invitations', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable();
      t.text('email').notNullable();
      t.text('status').notNullable();
      t.uuid('issued_by').nullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.uuid('accepted_by').nullable();
      t.timestamp('accepted_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['organization_id'], 'invitations_by_organization');
    });

    await schema().createTable('organization_admins', (t) => {
      t.uuid('organization_id').notNullable();
      t.uuid('user_id').notNullable();
      t.uuid('invitation_id').notNullable();
      t.timestamp('accepted_at', { useTz: true }).notNullable();
      t.primary(['organization_id', 'user_id']);
    });

    await schema().createTable('invitation_mails', (t) => {
      t.uuid('invitation_id').primary();
      t.uuid('organization_id').notNullable();
      t.text('organization_name').notNullable();
      t.text('email').notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      /** pending → sending → sent; or failed (refused for good, or too many tries), expired. */
      t.text('status').notNullable();
      t.integer('attempts').notNullable();
      t.timestamp('next_attempt_at', { useTz: true }).notNullable();
      t.timestamp('claimed_at', { useTz: true }).nullable();
      t.timestamp('sent_at', { useTz: true }).nullable();
      /** The SMTP error code or reply code of the last failure; never the message or link. */
      t.text('last_error').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    await knex.raw(
      `create index invitation_mails_due on ${SCHEMA}.invitation_mails (next_attempt_at) where status in ('pending', 'sending')`,
    );

    await schema().createTable('organization_announcements', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable();
      t.uuid('user_id').notNullable();
      t.text('type').notNullable();
      t.text('title').notNullable();
      t.text('description').notNullable();
      t.text('category').notNullable();
      t.text('location').notNullable();
      t.text('room_number').nullable();
      t.text('contact_info').nullable();
      t.text('image_url').nullable();
      t.integer('reward_amount').notNullable();
      t.text('reward_description').nullable();
      t.text('status').notNullable();
      t.boolean('is_public').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('archived_at', { useTz: true }).nullable();
    });
    await knex.raw(
      `create index organization_announcements_newest on ${SCHEMA}.organization_announcements (organization_id, created_at desc, id desc)`,
    );
  },
};
