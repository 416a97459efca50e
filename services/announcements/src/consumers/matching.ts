import type { Knex } from 'knex';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { dropMatches, findRematch, storeRematch, type Rematch } from '../application/matching';

/**
 * Matching follows the service's own events (not the request that posted: nothing is published
 * from a request handler, and scoring stays out of the answer's time). A `match.found` it
 * appends is the system's doing, traced to the request that caused it (correlation id).
 */
export function matchAnnouncement(context: Pick<EventSourcedContext, 'es' | 'clock'>) {
  return {
    /** Searching and scoring run before the batch's transaction (see `EventHandler.prepare`). */
    prepare: (db: Knex, p: { announcementId: string }) => findRematch(db, p.announcementId),
    async handle(trx: Knex.Transaction, p: { announcementId: string }, event: EventEnvelope, found: Rematch) {
      const metadata = {
        ...systemMetadata(event.metadata?.correlationId ?? event.eventId),
        occurredAt: context.clock().toISOString(),
      };
      await storeRematch(trx, context.es, p.announcementId, found, metadata);
    },
  };
}

/** Closed, deleted, archived or resolved: out of every match list. */
export async function unmatchAnnouncement(trx: Knex.Transaction, p: { announcementId: string }) {
  await dropMatches(trx, p.announcementId);
}
