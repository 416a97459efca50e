import type { Knex, Migration } from '@tapinti/platform/db';

/** Issue 15: phone verification and account deletion in the `auth.users` read model. */
export const accountTrust: Migration = {
  name: '004-account-trust',
  async up(knex: Knex) {
    await knex.schema.withSchema('auth').alterTable('users', (t) => {
      t.boolean('phone_verified').notNullable().defaultTo(false);
      /** Set by `auth.user.deleted`: the account no longer signs in; purged after `purge_after`. */
      t.timestamp('deleted_at', { useTz: true }).nullable();
      t.timestamp('purge_after', { useTz: true }).nullable();
      /** Set by `auth.user.purged`: the personal fields of the row were replaced. */
      t.timestamp('purged_at', { useTz: true }).nullable();
    });
    // Read model: whose account a link's id belongs to (a token names only the id). No secret here.
    await knex.schema.withSchema('auth').createTable('account_links', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      /** 'email-verification' | 'password-reset' | 'phone-verification' */
      t.text('purpose').notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
    });
  },
  async down(knex: Knex) {
    await knex.schema.withSchema('auth').dropTable('account_links');
    await knex.schema.withSchema('auth').alterTable('users', (t) => {
      t.dropColumns('phone_verified', 'deleted_at', 'purge_after', 'purged_at');
    });
  },
};
