import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Issue 25, staff: an invitation carries the role it gives (every earlier one made an admin), and
 * the organisation's admins become its members, admins or staff, with the username they accepted
 * with (unknown, null, for those who accepted before it was recorded).
 */
export const membersMigration: Migration = {
  name: '003-members',
  async up(knex: Knex) {
    await knex.schema.withSchema('organizations').alterTable('invitations', (t) => {
      t.text('role').notNullable().defaultTo('org_admin');
    });
    await knex.schema.withSchema('organizations').renameTable('organization_admins', 'organization_members');
    await knex.schema.withSchema('organizations').alterTable('organization_members', (t) => {
      t.text('role').notNullable().defaultTo('org_admin');
      t.text('username').nullable();
    });
  },
};
