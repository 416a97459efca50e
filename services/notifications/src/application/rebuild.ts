import type { Knex } from '@tapinti/platform/db';
import { DIRECTORY_TABLES } from '../../migrations/001-notifications';
import { INVENTORY_DIRECTORY_TABLES } from '../../migrations/004-inventory-items';
import { consumedEventsAfter } from '../store/consumed-events';
import { projectDirectory } from '../store/directory';

const PAGE = 1000;

/**
 * Rebuilds the directory (the read models of consumed events) from `consumed_events`, the log of
 * every event the consumer applied, in the order it applied them: empties the tables and projects
 * each event again, in one transaction (readers see the old tables until it commits). The
 * notifications themselves, preferences and processed ids are the service's own records and stay;
 * nothing is sent. Returns the events replayed.
 */
export async function rebuildDirectory(knex: Knex): Promise<number> {
  return knex.transaction(async (trx) => {
    for (const table of [...DIRECTORY_TABLES, ...INVENTORY_DIRECTORY_TABLES])
      await trx(`notifications.${table}`).del();
    let replayed = 0;
    let after = 0;
    for (;;) {
      const events = await consumedEventsAfter(trx, after, PAGE);
      for (const event of events) await projectDirectory(trx, event.type, event.payload);
      replayed += events.length;
      if (events.length < PAGE) return replayed;
      after = events[events.length - 1]!.seq;
    }
  });
}
