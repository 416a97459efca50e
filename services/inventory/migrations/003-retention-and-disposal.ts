import { DEFAULT_RETENTION_DAYS } from '@tapinti/contracts/inventory-events';
import type { Knex, Migration } from '@tapinti/platform/db';

const SCHEMA = 'inventory';

/**
 * Retention and disposal (issue 25, point 5), read models of this service's own events:
 * - `retention_periods`: the days an organisation set for a category (the defaults are not stored),
 * - `items.dispose_after`: `found_at` plus the retention at intake (items logged before it existed:
 *   the defaults, as the projection of `item.logged` v1 computes them), and how an item left
 *   (`disposal_*`, null while held). `items_disposal_queue` serves the "to dispose of" queue.
 */
export const retentionAndDisposalMigration: Migration = {
  name: '003-retention-and-disposal',
  async up(knex: Knex) {
    await knex.schema.withSchema(SCHEMA).createTable('retention_periods', (t) => {
      t.uuid('organization_id').notNullable();
      t.text('category').notNullable();
      t.integer('days').notNullable();
      t.primary(['organization_id', 'category']);
    });
    await knex.schema.withSchema(SCHEMA).alterTable('items', (t) => {
      t.timestamp('dispose_after', { useTz: true }).nullable();
      t.text('disposal_way').nullable();
      t.text('disposal_receiving_organization').nullable();
      t.text('disposal_note').nullable();
      t.uuid('disposed_by').nullable();
      t.timestamp('disposed_at', { useTz: true }).nullable();
    });
    const defaults = Object.entries(DEFAULT_RETENTION_DAYS);
    await knex.raw(
      `update ${SCHEMA}.items set dispose_after = found_at + make_interval(days => case category ${defaults
        .map(() => 'when ? then ?::int')
        .join(' ')} end)`,
      defaults.flat(),
    );
    await knex.raw(`alter table ${SCHEMA}.items alter column dispose_after set not null`);
    await knex.raw(
      `create index items_disposal_queue on ${SCHEMA}.items (organization_id, dispose_after) where state = 'stored'`,
    );
  },
};
