import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * - `conversations`, `messages`, `shared_contacts`, `reports` — read models of this service's
 *   events (emptied and refilled by a rebuild): who the sides are, who wrote when, who shared
 *   which contact, who reported.
 * - `message_texts` and `contact_values` — what people wrote and the phone or address they shared.
 *   Never in an event, so not read models: written in the appending transaction, kept by a rebuild.
 * - `users` — usernames, e-mails and phones from `auth.events` (consumer state), to name senders
 *   and to copy a contact when its owner shares it.
 */
export const conversationsMigration: Migration = {
  name: '001-conversations',
  async up(knex: Knex) {
    // A fresh builder per table: a schema builder keeps the statements it was given.
    const schema = () => knex.schema.withSchema('conversations');
    await schema().createTable('conversations', (t) => {
      t.uuid('id').primary();
      t.text('subject').notNullable();
      t.uuid('subject_id').notNullable();
      t.uuid('announcement_id').notNullable();
      t.uuid('claimant_user_id').notNullable();
      t.uuid('holder_user_id').nullable();
      t.uuid('holder_organization_id').nullable();
      t.timestamp('opened_at', { useTz: true }).notNullable();
    });
    await schema().createTable('messages', (t) => {
      t.uuid('id').primary();
      t.uuid('conversation_id').notNullable();
      t.uuid('sender_user_id').notNullable();
      t.text('side').notNullable();
      t.timestamp('posted_at', { useTz: true }).notNullable();
      t.index(['conversation_id', 'posted_at']);
    });
    await schema().createTable('message_texts', (t) => {
      t.uuid('message_id').primary();
      t.text('text').notNullable();
    });
    await schema().createTable('shared_contacts', (t) => {
      t.uuid('conversation_id').notNullable();
      t.uuid('user_id').notNullable();
      t.text('contact').notNullable();
      t.text('side').notNullable();
      t.timestamp('shared_at', { useTz: true }).notNullable();
      t.primary(['conversation_id', 'user_id', 'contact']);
    });
    await schema().createTable('contact_values', (t) => {
      t.uuid('conversation_id').notNullable();
      t.uuid('user_id').notNullable();
      t.text('contact').notNullable();
      t.text('value').notNullable();
      t.primary(['conversation_id', 'user_id', 'contact']);
    });
    await schema().createTable('reports', (t) => {
      t.uuid('conversation_id').notNullable();
      t.uuid('reported_by').notNullable();
      t.text('side').notNullable();
      t.text('reason').notNullable();
      t.timestamp('reported_at', { useTz: true }).notNullable();
      t.primary(['conversation_id', 'reported_by']);
    });
    await schema().createTable('users', (t) => {
      t.uuid('user_id').primary();
      t.text('username').nullable();
      t.text('email').nullable();
      t.text('phone').nullable();
      t.timestamp('updated_at', { useTz: true }).nullable();
    });
  },
};
