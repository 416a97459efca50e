import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Issue 26 point 3, the answer deadlines organisations are held to:
 * - `answer_deadlines`: a read model of the deadline events of claims on organisations' items
 *   (rebuilt with `requests`).
 * - `venue_terms`: consumer state from `organizations.events`: each organisation's name, plan and
 *   working hours (whether they pause the clock), from which a new claim's deadline is computed.
 */
export const answerDeadlinesMigration: Migration = {
  name: '006-answer-deadlines',
  async up(knex: Knex) {
    const schema = () => knex.schema.withSchema('requests');
    await schema().createTable('answer_deadlines', (t) => {
      t.uuid('request_id').primary();
      t.uuid('announcement_id').notNullable();
      t.uuid('organization_id').notNullable();
      t.timestamp('filed_at', { useTz: true }).notNullable();
      t.timestamp('remind_at', { useTz: true }).notNullable();
      t.timestamp('due_at', { useTz: true }).notNullable();
      t.timestamp('first_answered_at', { useTz: true }).nullable();
      t.timestamp('reminded_at', { useTz: true }).nullable();
      t.timestamp('overdue_at', { useTz: true }).nullable();
    });
    await knex.raw(
      'create index answer_deadlines_unanswered on requests.answer_deadlines (remind_at) where first_answered_at is null',
    );
    await schema().createTable('venue_terms', (t) => {
      t.uuid('organization_id').primary();
      t.text('name').nullable();
      t.text('plan').nullable();
      t.jsonb('working_hours').nullable();
      t.boolean('pauses_outside_hours').notNullable().defaultTo(false);
    });
  },
};
