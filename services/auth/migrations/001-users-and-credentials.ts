import type { Knex, Migration } from '@tapinti/platform/db';

export const usersAndCredentials: Migration = {
  name: '001-users-and-credentials',
  async up(knex: Knex) {
    // Read model, projected from the user streams; emptied and refilled by a rebuild.
    await knex.schema.withSchema('auth').createTable('users', (t) => {
      t.uuid('id').primary();
      t.text('username').notNullable();
      /** foldUsername(username): Azerbaijani-aware case folding done in the service. */
      t.text('username_key').notNullable().unique({ indexName: 'auth_users_username_key_unique' });
      /** Stored lower-cased. */
      t.text('email').notNullable().unique({ indexName: 'auth_users_email_unique' });
      /** International format, normalised; unique when present. */
      t.text('phone').nullable().unique({ indexName: 'auth_users_phone_unique' });
      t.text('role').notNullable().defaultTo('user');
      t.uuid('organization_id').nullable();
      t.boolean('two_factor_enabled').notNullable().defaultTo(false);
      t.boolean('is_verified').notNullable().defaultTo(false);
      t.boolean('is_active').notNullable().defaultTo(true);
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.timestamp('last_login_at', { useTz: true }).nullable();
      t.integer('version').notNullable();
    });
    // Secrets are not events: password hashes (and a future 2FA secret) live only here, written
    // in the same transaction as the event that creates the account. Not a read model, so a
    // rebuild of the read models keeps it. No foreign key to users for the same reason.
    await knex.schema.withSchema('auth').createTable('credentials', (t) => {
      t.uuid('user_id').primary();
      t.text('password_hash').notNullable();
      t.text('two_factor_secret').nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex: Knex) {
    await knex.schema.withSchema('auth').dropTable('credentials');
    await knex.schema.withSchema('auth').dropTable('users');
  },
};
