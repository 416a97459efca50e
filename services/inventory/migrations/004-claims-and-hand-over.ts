import type { Knex, Migration } from '@tapinti/platform/db';

const SCHEMA = 'inventory';

/**
 * Claims and the desk hand-over (issue 25, points 5 and 6):
 * - `items`: the accepted claim (`claim_*`), the return to the owner (`returned_*`, by the claim's
 *   code or at the desk) and the desk's identity check (`identity_*`: the document's type and its
 *   last 4 characters only), read models of this service's own events;
 * - `handover_details`: what the desk wrote that is no event — the owner's name as given and the
 *   staff member's username for the receipt. Not a read model: a rebuild keeps it.
 */
export const claimsAndHandOverMigration: Migration = {
  name: '004-claims-and-hand-over',
  async up(knex: Knex) {
    await knex.schema.withSchema(SCHEMA).alterTable('items', (t) => {
      t.uuid('claim_request_id').nullable();
      t.uuid('claimed_by').nullable();
      t.timestamp('claimed_at', { useTz: true }).nullable();
      t.uuid('returned_request_id').nullable();
      t.uuid('returned_by').nullable();
      t.timestamp('returned_at', { useTz: true }).nullable();
      t.text('identity_document_type').nullable();
      t.text('identity_document_last4').nullable();
      t.uuid('identity_checked_by').nullable();
      t.timestamp('identity_checked_at', { useTz: true }).nullable();
    });
    await knex.schema.withSchema(SCHEMA).createTable('handover_details', (t) => {
      t.uuid('item_id').primary();
      t.text('owner_name').notNullable();
      t.text('staff_name').notNullable();
    });
  },
};
