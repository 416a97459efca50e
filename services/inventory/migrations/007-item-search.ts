import { foldForSearch } from '@tapinti/contracts/text-folding';
import type { Knex, Migration } from '@tapinti/platform/db';

/** An item's title and area folded for search (the desk finds an item by them, issue 25 point 6). */
export const itemSearchText = (title: string, foundArea: string) => foldForSearch(`${title}\n${foundArea}`);

/** `items.search_text`, filled for the items already logged (a rebuild projects it too). */
export const itemSearchMigration: Migration = {
  name: '007-item-search',
  async up(knex: Knex) {
    await knex.schema.withSchema('inventory').alterTable('items', (t) => {
      t.text('search_text').notNullable().defaultTo('');
    });
    const rows: { id: string; title: string; found_area: string }[] = await knex('inventory.items').select(
      'id',
      'title',
      'found_area',
    );
    for (const r of rows)
      await knex('inventory.items')
        .where({ id: r.id })
        .update({ search_text: itemSearchText(r.title, r.found_area) });
  },
};
