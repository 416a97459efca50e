import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * - `announcements.security_questions` — the question texts of a found item (read model, from
 *   `security-questions-set` events); `resolved_at` — when a claim on it was resolved_claimed.
 * - `security_answers` — the answers the author expects, aligned with the questions (null where
 *   none was recorded). Never in an event (like auth's credentials), so not a read model: written
 *   in the transaction that sets the questions, kept by a rebuild.
 */
export const securityQuestionsMigration: Migration = {
  name: '002-security-questions',
  async up(knex: Knex) {
    await knex.schema.withSchema('announcements').alterTable('announcements', (t) => {
      t.jsonb('security_questions').notNullable().defaultTo('[]');
      t.timestamp('resolved_at', { useTz: true }).nullable();
    });
    await knex.schema.withSchema('announcements').createTable('security_answers', (t) => {
      t.uuid('announcement_id').primary();
      t.jsonb('expected_answers').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
};
