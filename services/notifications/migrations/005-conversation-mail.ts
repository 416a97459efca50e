import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * `conversation_mail` (issue 26.2): per recipient and conversation, when the last e-mail about
 * its messages went out and how many messages came since (told in the app only, until the digest).
 * The service's own record, like the notifications: a directory rebuild leaves it alone.
 */
export const conversationMailMigration: Migration = {
  name: '005-conversation-mail',
  async up(knex: Knex) {
    await knex.schema.withSchema('notifications').createTable('conversation_mail', (t) => {
      t.uuid('user_id').notNullable();
      t.uuid('conversation_id').notNullable();
      t.uuid('announcement_id').notNullable();
      t.text('link').notNullable();
      t.timestamp('last_mailed_at', { useTz: true }).notNullable();
      t.integer('pending_count').notNullable().defaultTo(0);
      t.primary(['user_id', 'conversation_id']);
    });
    await knex.raw(
      'create index conversation_mail_pending on notifications.conversation_mail (last_mailed_at) where pending_count > 0',
    );
  },
};
