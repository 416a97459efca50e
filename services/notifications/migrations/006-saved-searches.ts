import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Saved searches and their alerts (issue 26 point 5), the service's own records:
 * - `alert_addresses`: a visitor's address and whether it confirmed it wants alerts (double opt-in;
 *   the confirmation link's token names the row's id). `confirmation_sent_at`: the one e-mail an
 *   unconfirmed address gets (again only after the link expired).
 * - `saved_searches`: the home page's filters, their owner (`user:<id>` or `email:<address>`, the
 *   preferences' recipient key), how often to e-mail, `confirmed_at` (nothing is sent before) and
 *   `last_emailed_at` (the hourly throttle).
 * - `alert_candidates`: new announcements from the announcements service's events, with the search
 *   columns the board's search reads (`search-columns.ts`); `listed` follows moderation, `matched_at`
 *   is set once the saved searches were matched against it (once per announcement).
 * - `saved_search_hits`: one row per saved search and matching announcement; `emailed_at` once an
 *   e-mail (hourly, or the daily digest) named it.
 */
export const savedSearchesMigration: Migration = {
  name: '006-saved-searches',
  async up(knex: Knex) {
    const schema = () => knex.schema.withSchema('notifications');
    await schema().createTable('alert_addresses', (t) => {
      t.uuid('id').primary();
      t.text('address').notNullable().unique();
      t.timestamp('confirmed_at', { useTz: true });
      t.timestamp('confirmation_sent_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    await schema().createTable('saved_searches', (t) => {
      t.uuid('id').primary();
      t.text('owner').notNullable().index();
      t.uuid('user_id');
      t.text('search');
      t.text('category');
      t.text('place');
      t.boolean('rewards').notNullable().defaultTo(false);
      t.text('type');
      t.text('frequency').notNullable();
      t.timestamp('confirmed_at', { useTz: true });
      t.timestamp('last_emailed_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    await schema().createTable('alert_candidates', (t) => {
      t.uuid('announcement_id').primary();
      t.uuid('author_id').notNullable();
      t.text('type').notNullable();
      t.text('title').notNullable();
      t.text('category').notNullable();
      t.integer('reward_amount').notNullable();
      t.specificType('place_area', 'text[]').notNullable();
      t.text('search_text').notNullable();
      t.text('search_folded').notNullable();
      t.specificType('search_terms', 'text[]').notNullable();
      t.boolean('listed').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('matched_at', { useTz: true });
    });
    await knex.raw(
      `create index alert_candidates_due on notifications.alert_candidates (created_at) where listed and matched_at is null`,
    );
    await schema().createTable('saved_search_hits', (t) => {
      t.uuid('saved_search_id')
        .notNullable()
        .references('id')
        .inTable('notifications.saved_searches')
        .onDelete('CASCADE');
      t.uuid('announcement_id').notNullable();
      t.text('title').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('emailed_at', { useTz: true });
      t.primary(['saved_search_id', 'announcement_id']);
    });
    await knex.raw(
      `create index saved_search_hits_unmailed on notifications.saved_search_hits (saved_search_id) where emailed_at is null`,
    );
  },
};
