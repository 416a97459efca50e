import type { Knex } from 'knex';
import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { RequestHandedOverV1, RequestStatusChangedV1 } from '@tapinti/contracts/requests-events';
import { foldEvents } from '@tapinti/eventstore/command-handler';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { announcementDecider } from '../domain/announcement';
import { projectAnnouncementEvent } from '../store/projection';

/**
 * `resolved_claimed` closes the item: the announcement is decided `resolved` on its own stream,
 * appended and projected in the consumer's transaction (so the event is handled once with its
 * effect). A concurrent writer of the stream makes the append stale: the batch fails and the bus
 * delivers it again, decided then on a fresh read.
 */
export function requestStatusChanged(context: Pick<EventSourcedContext, 'es' | 'clock'>) {
  return async (trx: Knex.Transaction, p: RequestStatusChangedV1, event: EventEnvelope) => {
    if (p.to !== 'resolved_claimed') return;
    const streamId = announcementStreamId(p.announcementId);
    const history = await context.es.store.readStream(streamId, trx);
    const state = foldEvents(announcementDecider, history);
    const events = announcementDecider.decide(
      { type: 'resolve', requestId: p.requestId, resolvedAt: new Date(p.handledAt) },
      state,
    );
    if (events.length === 0) return;
    // Caused by the handler who resolved the claim, in the same request (correlation id).
    const metadata = { ...event.metadata, occurredAt: context.clock().toISOString() };
    const appended = await context.es.store.append(
      trx,
      streamId,
      history.at(-1)!.streamVersion,
      events,
      metadata,
    );
    for (const envelope of appended) await projectAnnouncementEvent(trx, envelope);
  };
}

/**
 * `requests.request.handed-over`: the finder side confirmed the owner's code — the announcement is
 * marked handed over (`handedOverAt`) on its own stream, in the consumer's transaction.
 */
export function requestHandedOver(context: Pick<EventSourcedContext, 'es' | 'clock'>) {
  return async (trx: Knex.Transaction, p: RequestHandedOverV1, event: EventEnvelope) => {
    const streamId = announcementStreamId(p.announcementId);
    const history = await context.es.store.readStream(streamId, trx);
    const state = foldEvents(announcementDecider, history);
    const events = announcementDecider.decide(
      { type: 'hand-over', requestId: p.requestId, handedOverAt: new Date(p.handedOverAt) },
      state,
    );
    if (events.length === 0) return;
    const metadata = { ...event.metadata, occurredAt: context.clock().toISOString() };
    const appended = await context.es.store.append(
      trx,
      streamId,
      history.at(-1)!.streamVersion,
      events,
      metadata,
    );
    for (const envelope of appended) await projectAnnouncementEvent(trx, envelope);
  };
}
