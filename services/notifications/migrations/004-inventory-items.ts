import type { Knex, Migration } from '@tapinti/platform/db';

/** Directory tables this migration adds (emptied and projected again by a rebuild). */
export const INVENTORY_DIRECTORY_TABLES = ['inventory_items'] as const;

/**
 * `inventory_items`: the venues' held items as the daily digest of items due for disposal needs
 * them (issue 25 point 5), from the inventory service's events: reference, title, category, when
 * it is due (`dispose_after`) and whether it is still held (`state`).
 */
export const inventoryItemsMigration: Migration = {
  name: '004-inventory-items',
  async up(knex: Knex) {
    await knex.schema.withSchema('notifications').createTable('inventory_items', (t) => {
      t.uuid('item_id').primary();
      t.uuid('organization_id').notNullable();
      t.text('reference_number').notNullable();
      t.text('title').notNullable();
      t.text('category').notNullable();
      t.timestamp('dispose_after', { useTz: true }).notNullable();
      t.text('state').notNullable();
    });
    await knex.raw(
      `create index inventory_items_held_by_due on notifications.inventory_items (dispose_after) where state = 'stored'`,
    );
  },
};
