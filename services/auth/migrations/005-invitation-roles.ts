import type { Knex, Migration } from '@tapinti/platform/db';

/** Issue 25: an invitation makes its acceptor the organisation's admin (every earlier one) or staff. */
export const invitationRoles: Migration = {
  name: '005-invitation-roles',
  async up(knex: Knex) {
    await knex.schema.withSchema('auth').alterTable('invitations', (t) => {
      t.text('role').notNullable().defaultTo('org_admin');
    });
  },
};
