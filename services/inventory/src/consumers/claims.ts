import type { Knex } from 'knex';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { itemStreamId, listedItemId } from '@tapinti/contracts/inventory-events';
import type { RequestHandedOverV1, RequestStatusChangedV1 } from '@tapinti/contracts/requests-events';
import { decideWithin } from '@tapinti/eventstore/command-handler';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { type ItemCommand, itemDecider } from '../domain/item';

type Context = Pick<EventSourcedContext, 'es' | 'clock'>;

/** A command on the item an announcement lists, in the consumer's transaction (no item: nothing). */
const onListedItem = (
  context: Context,
  trx: Knex.Transaction,
  announcementId: string,
  command: ItemCommand,
  event: EventEnvelope,
) =>
  decideWithin(
    context.es,
    itemDecider,
    trx,
    itemStreamId(listedItemId(announcementId)),
    (state) => itemDecider.decide(command, state),
    { ...event.metadata, occurredAt: context.clock().toISOString() },
  );

/**
 * `requests.request.status-changed` to `resolved_claimed` on an item's listing: the claim was
 * accepted, the item is `claimed` (audited as the one who accepted it).
 */
export function claimAccepted(context: Context) {
  return async (trx: Knex.Transaction, p: RequestStatusChangedV1, event: EventEnvelope) => {
    if (p.to !== 'resolved_claimed') return;
    await onListedItem(
      context,
      trx,
      p.announcementId,
      { type: 'claim', requestId: p.requestId, by: p.handledBy, now: new Date(p.handledAt) },
      event,
    );
  };
}

/** `requests.request.handed-over` on an item's listing: the owner's code confirmed — `returned`. */
export function claimHandedOver(context: Context) {
  return async (trx: Knex.Transaction, p: RequestHandedOverV1, event: EventEnvelope) => {
    await onListedItem(
      context,
      trx,
      p.announcementId,
      { type: 'return-by-code', requestId: p.requestId, by: p.confirmedBy, now: new Date(p.handedOverAt) },
      event,
    );
  };
}
