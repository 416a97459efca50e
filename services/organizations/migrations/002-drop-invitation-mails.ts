import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * The invitation e-mail outbox goes: the notifications service now sends every e-mail, invitations
 * included, from its one outbox under one retry policy (it consumes `organizations.invitation.issued`).
 */
export const dropInvitationMailsMigration: Migration = {
  name: '002-drop-invitation-mails',
  async up(knex: Knex) {
    await knex.schema.withSchema('organizations').dropTableIfExists('invitation_mails');
  },
};
