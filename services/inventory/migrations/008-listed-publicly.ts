import type { Knex, Migration } from '@tapinti/platform/db';

/** `items.listed_publicly`: the intake's choice to list the item on the public board (v1/v2 items were). */
export const listedPubliclyMigration: Migration = {
  name: '008-listed-publicly',
  async up(knex: Knex) {
    await knex.schema.withSchema('inventory').alterTable('items', (t) => {
      t.boolean('listed_publicly').notNullable().defaultTo(true);
    });
  },
};
