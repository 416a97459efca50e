import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * `organization_plans`: this service's copy of each organisation's plan, from the organizations
 * service's subscription events (consumer state, not a read model), for the plans' limits (issue
 * 25 point 8).
 */
export const organizationPlansMigration: Migration = {
  name: '006-organization-plans',
  async up(knex: Knex) {
    await knex.schema.withSchema('inventory').createTable('organization_plans', (t) => {
      t.uuid('organization_id').primary();
      t.text('plan').notNullable();
    });
  },
};
