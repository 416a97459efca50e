import type { Knex, Migration } from '@tapinti/platform/db';

export const invitations: Migration = {
  name: '002-invitations',
  async up(knex: Knex) {
    // Invitations the organizations service issued (its `organizations.invitation.issued` events,
    // through the `auth.invitations` consumer group), and their acceptance (auth's own
    // `auth.invitation.accepted`, projected). No token and no hash: links are signed, not stored.
    // Not emptied by a rebuild of the read models: the issued rows come from the consumer.
    await knex.schema.withSchema('auth').createTable('invitations', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable();
      /** As the issued event named it; null when it did not (the organisation_names row is used). */
      t.text('organization_name').nullable();
      /** Stored lower-cased, like auth.users.email. */
      t.text('email').notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.uuid('issued_by').nullable();
      t.timestamp('issued_at', { useTz: true }).notNullable();
      t.uuid('accepted_by').nullable();
      t.timestamp('accepted_at', { useTz: true }).nullable();
    });
    // Organisation names from `organizations.organization.created` / `updated`, so an invitation
    // shows the organisation's current name.
    await knex.schema.withSchema('auth').createTable('organization_names', (t) => {
      t.uuid('id').primary();
      t.text('name').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
  },
  async down(knex: Knex) {
    await knex.schema.withSchema('auth').dropTable('organization_names');
    await knex.schema.withSchema('auth').dropTable('invitations');
  },
};
