import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * `organization_names`: this service's copy of each organisation's name, from the organizations
 * service's events (consumer state, not a read model), for the hand-over receipt (issue 25 point 6).
 */
export const organizationNamesMigration: Migration = {
  name: '005-organization-names',
  async up(knex: Knex) {
    await knex.schema.withSchema('inventory').createTable('organization_names', (t) => {
      t.uuid('organization_id').primary();
      t.text('name').notNullable();
    });
  },
};
