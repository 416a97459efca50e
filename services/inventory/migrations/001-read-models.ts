import type { Knex, Migration } from '@tapinti/platform/db';

const SCHEMA = 'inventory';

/**
 * Read models of this service's own events (emptied and refilled by a rebuild; every value comes
 * from an event):
 * - `registers`: an organisation's reference prefix and the last number it issued,
 * - `storage_places`: with `name_key`, the name folded the Azerbaijani way (unique per organisation),
 * - `items`: the register itself, one row per held item,
 * - `custody_entries`: each item's custody, one row per event of its stream (logged, moved).
 */
export const readModelsMigration: Migration = {
  name: '001-read-models',
  async up(knex: Knex) {
    const schema = () => knex.schema.withSchema(SCHEMA);
    await schema().createTable('registers', (t) => {
      t.uuid('organization_id').primary();
      t.text('prefix').nullable();
      t.integer('last_number').notNullable();
    });
    await schema().createTable('storage_places', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable();
      t.text('name').notNullable();
      t.text('name_key').notNullable();
      t.text('kind').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.unique(['organization_id', 'name_key']);
    });
    await schema().createTable('items', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable();
      t.integer('number').notNullable();
      t.text('reference_number').notNullable();
      t.text('state').notNullable();
      t.text('category').notNullable();
      t.text('title').notNullable();
      t.text('found_area').notNullable();
      t.timestamp('found_at', { useTz: true }).notNullable();
      t.text('found_by').nullable();
      t.boolean('valuable').notNullable();
      t.boolean('listed_without_details').notNullable();
      t.jsonb('photo_urls').notNullable();
      t.uuid('storage_place_id').notNullable();
      t.uuid('logged_by').notNullable();
      t.timestamp('logged_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.unique(['organization_id', 'number']);
      t.unique(['organization_id', 'reference_number']);
    });
    await knex.raw(`create index items_newest on ${SCHEMA}.items (organization_id, number desc)`);
    await schema().createTable('custody_entries', (t) => {
      t.uuid('item_id').notNullable();
      /** The version of the item's stream the entry's event has: the order of custody. */
      t.integer('version').notNullable();
      t.text('kind').notNullable();
      t.uuid('by').notNullable();
      t.timestamp('at', { useTz: true }).notNullable();
      t.uuid('from_place_id').nullable();
      t.uuid('to_place_id').notNullable();
      t.primary(['item_id', 'version']);
    });
  },
};
