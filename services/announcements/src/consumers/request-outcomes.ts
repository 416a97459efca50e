import type { Knex } from 'knex';
import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { RequestHandedOverV1, RequestStatusChangedV1 } from '@tapinti/contracts/requests-events';
import { decideWithin } from '@tapinti/eventstore/command-handler';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { announcementDecider } from '../domain/announcement';

/**
 * `resolved_claimed` closes the item: the announcement is decided `resolved` on its own stream,
 * appended and projected in the consumer's transaction (decideWithin).
 */
export function requestStatusChanged(context: Pick<EventSourcedContext, 'es' | 'clock'>) {
  return async (trx: Knex.Transaction, p: RequestStatusChangedV1, event: EventEnvelope) => {
    if (p.to !== 'resolved_claimed') return;
    // Caused by the handler who resolved the claim, in the same request (correlation id).
    await decideWithin(
      context.es,
      announcementDecider,
      trx,
      announcementStreamId(p.announcementId),
      (state) =>
        announcementDecider.decide(
          { type: 'resolve', requestId: p.requestId, resolvedAt: new Date(p.handledAt) },
          state,
        ),
      { ...event.metadata, occurredAt: context.clock().toISOString() },
    );
  };
}

/**
 * `requests.request.handed-over`: the finder side confirmed the owner's code — the announcement is
 * marked handed over (`handedOverAt`) on its own stream, in the consumer's transaction.
 */
export function requestHandedOver(context: Pick<EventSourcedContext, 'es' | 'clock'>) {
  return async (trx: Knex.Transaction, p: RequestHandedOverV1, event: EventEnvelope) => {
    await decideWithin(
      context.es,
      announcementDecider,
      trx,
      announcementStreamId(p.announcementId),
      (state) =>
        announcementDecider.decide(
          { type: 'hand-over', requestId: p.requestId, handedOverAt: new Date(p.handedOverAt) },
          state,
        ),
      { ...event.metadata, occurredAt: context.clock().toISOString() },
    );
  };
}
