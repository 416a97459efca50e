import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * - `handovers` — the read model of the hand-over events: one row per resolved claim, whose owner
 *   holds the code (never stored: it is derived from the request id and `generation`), who may
 *   enter it, wrong attempts, locked, handed over.
 * - `complaints` — the read model of the complaint events: number, type, status, reply.
 * - `complaint_details` — what the complainant wrote (subject, description, contact as typed);
 *   never in an event, so not a read model: written in the filing transaction, kept by a rebuild.
 */
export const complaintsAndHandoversMigration: Migration = {
  name: '002-complaints-and-handovers',
  async up(knex: Knex) {
    await knex.schema.withSchema('requests').createTable('handovers', (t) => {
      t.uuid('request_id').primary();
      t.uuid('announcement_id').notNullable();
      t.uuid('owner_user_id').notNullable();
      t.uuid('finder_user_id').nullable();
      t.uuid('finder_organization_id').nullable();
      t.integer('generation').notNullable();
      t.integer('failed_attempts').notNullable().defaultTo(0);
      t.boolean('locked').notNullable().defaultTo(false);
      t.timestamp('issued_at', { useTz: true }).notNullable();
      t.timestamp('handed_over_at', { useTz: true }).nullable();
      t.uuid('confirmed_by').nullable();
    });
    await knex.raw('create index handovers_by_owner on requests.handovers (owner_user_id)');
    await knex.raw(
      'create index handovers_by_finder on requests.handovers (finder_user_id) where finder_user_id is not null',
    );
    await knex.raw(
      'create index handovers_by_organization on requests.handovers (finder_organization_id) where finder_organization_id is not null',
    );
    await knex.raw('create index handovers_locked on requests.handovers (issued_at) where locked');

    await knex.schema.withSchema('requests').createTable('complaints', (t) => {
      t.uuid('id').primary();
      t.integer('sequence').notNullable().unique();
      t.text('number').notNullable();
      t.text('type').notNullable();
      t.uuid('announcement_id').nullable();
      t.uuid('user_id').nullable();
      t.text('contact_email').nullable();
      t.text('status').notNullable();
      t.text('reply').nullable();
      t.uuid('replied_by').nullable();
      t.timestamp('replied_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await knex.raw('create index complaints_newest on requests.complaints (created_at desc, id desc)');

    await knex.schema.withSchema('requests').createTable('complaint_details', (t) => {
      t.uuid('complaint_id').primary();
      t.text('subject').notNullable();
      t.text('description').notNullable();
      t.text('contact').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
};
