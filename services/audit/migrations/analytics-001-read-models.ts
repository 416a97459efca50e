import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Analytics read models of the audit service, fed by the `audit.analytics` consumer from other
 * services' events (not from this service's event store, so not emptied by a rebuild).
 * `search_text` columns hold Azerbaijani-folded text (see src/domain/search-text.ts) for LIKE '%…%'.
 */
export const analyticsReadModels: Migration = {
  name: 'analytics-001-read-models',
  async up(knex: Knex) {
    // Services migrate concurrently in distributed mode; two racing CREATE EXTENSIONs collide.
    await knex.raw("select pg_advisory_xact_lock(hashtext('tapinti:create-extension:pg_trgm'))");
    await knex.raw('create extension if not exists pg_trgm');

    await knex.schema.withSchema('audit').createTable('analytics_users', (t) => {
      t.uuid('id').primary();
      t.text('username').notNullable();
      t.text('email').notNullable();
      t.text('phone').nullable();
      t.text('role').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.text('search_text').notNullable();
    });
    await knex.schema.withSchema('audit').createTable('analytics_announcements', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.text('type').notNullable();
      t.text('title').notNullable();
      t.text('category').notNullable();
      t.text('location').notNullable();
      t.text('status').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.text('search_text').notNullable();
      t.index(['type'], 'analytics_announcements_type_idx');
    });
    await knex.schema.withSchema('audit').createTable('analytics_organizations', (t) => {
      t.uuid('id').primary();
      t.text('name').notNullable();
      t.text('type').notNullable();
      t.boolean('is_active').notNullable().defaultTo(true);
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.text('search_text').notNullable();
    });
    await knex.schema.withSchema('audit').createTable('analytics_requests', (t) => {
      t.uuid('id').primary();
      t.uuid('announcement_id').nullable();
      t.uuid('organization_id').nullable();
      t.text('status').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['status'], 'analytics_requests_status_idx');
    });
    for (const table of ['analytics_users', 'analytics_announcements', 'analytics_organizations']) {
      await knex.raw(`create index ?? on ?? using gin (search_text gin_trgm_ops)`, [
        `${table}_search_trgm`,
        `audit.${table}`,
      ]);
    }
  },
  async down(knex: Knex) {
    for (const table of [
      'analytics_requests',
      'analytics_organizations',
      'analytics_announcements',
      'analytics_users',
    ])
      await knex.schema.withSchema('audit').dropTableIfExists(table);
  },
};
