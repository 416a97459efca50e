import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * `users.email_verified`: whether the account's current e-mail is verified (issue 21): a
 * complaint's number and replies are e-mailed only to a signed-in complainant's verified address.
 */
export const verifiedEmailsMigration: Migration = {
  name: '005-verified-emails',
  async up(knex: Knex) {
    await knex.schema.withSchema('requests').alterTable('users', (t) => {
      t.boolean('email_verified').notNullable().defaultTo(false);
    });
  },
};
