import type { Knex } from 'knex';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { Logger } from '@tapinti/platform/logger';
import { runWithContext } from '@tapinti/platform/request-context';
import type { EventBus } from '@tapinti/ports/event-bus';
import { topicsOf, type ConsumerGroup, type EventHandler } from './subscriptions';

/** An effect's log lines carry the request id of the call that caused the event. */
const causedBy = (event: EventEnvelope) => ({ requestId: event.metadata?.correlationId ?? event.eventId });

/** Event ids claimed per insert (two parameters each, well under Postgres' limit). */
const CLAIM_CHUNK = 1000;

/** An event of the batch whose payload its handler's schema accepted, ready to apply. */
interface Readable {
  event: EventEnvelope;
  handler: EventHandler<unknown>;
  payload: unknown;
  prepared?: unknown;
}

/**
 * Subscribes a consumer group. Each batch the bus delivers is applied in ONE transaction of the
 * service's database: the ids of its events are claimed in bulk in `<schema>.processed_events`
 * (`insert … on conflict do nothing returning event_id`), then the handlers of the claimed
 * events run in delivery order (per stream, that is stream order), so a redelivered event finds
 * its id there and has no effect again. If a handler throws, nothing of the batch is kept and
 * the bus delivers the batch again.
 *
 * A handler's `prepare` (reads only) runs before the transaction, for every readable event of the
 * batch, so the transaction holds its id only while writing.
 *
 * Every payload is parsed with its handler's contract schema before the effect: an event type
 * the group has no handler for is ignored (not recorded); an unknown schema version or a
 * payload the schema refuses is logged (ids, type, version, group; never the payload) and
 * skipped, its id recorded so a redelivery does not log it again. An effect's log lines carry
 * the correlation id of the request that caused the event.
 *
 * Handlers do nothing but queries on the transaction they are given (embedded mode has one
 * database connection): the transaction is never held across any other await.
 */
export async function subscribeConsumerGroup(
  context: { knex: Knex; bus: EventBus; logger: Logger },
  schema: string,
  group: ConsumerGroup,
): Promise<void> {
  const table = `${schema}.processed_events`;
  const { groupId } = group;

  /** Parses before the transaction (no I/O); null for an event of a type the group does not handle. */
  const read = (event: EventEnvelope): Readable | 'unreadable' | null => {
    const versions = group.handlers[event.type];
    if (!versions) return null;
    const handler = versions[event.schemaVersion];
    const parsed = handler?.schema.safeParse(event.payload);
    if (!handler || !parsed?.success) return 'unreadable';
    return { event, handler, payload: parsed.data };
  };

  await context.bus.subscribe({ groupId, topics: topicsOf(group) }, async (events) => {
    const known: Array<{ event: EventEnvelope; readable: Readable | 'unreadable' }> = [];
    for (const event of events) {
      const readable = read(event);
      if (readable) known.push({ event, readable });
    }
    if (known.length === 0) return;
    for (const { event, readable } of known) {
      if (readable === 'unreadable' || !readable.handler.prepare) continue;
      readable.prepared = await runWithContext(causedBy(event), () =>
        readable.handler.prepare!(context.knex, readable.payload, event),
      );
    }

    const skipped: EventEnvelope[] = [];
    await context.knex.transaction(async (trx) => {
      const ids = [...new Set(known.map((k) => k.event.eventId))];
      const claimed = new Set<string>();
      for (let i = 0; i < ids.length; i += CLAIM_CHUNK) {
        const rows: Array<{ event_id: string }> = await trx(table)
          .insert(ids.slice(i, i + CLAIM_CHUNK).map((id) => ({ consumer: groupId, event_id: id })))
          .onConflict(['consumer', 'event_id'])
          .ignore()
          .returning('event_id');
        for (const row of rows) claimed.add(row.event_id);
      }
      for (const { event, readable } of known) {
        // Once per id, even when a batch holds the same event twice.
        if (!claimed.delete(event.eventId)) continue;
        if (readable === 'unreadable') {
          skipped.push(event);
          continue;
        }
        await runWithContext(causedBy(event), () =>
          readable.handler.handle(trx, readable.payload, event, readable.prepared),
        );
      }
    });
    for (const event of skipped) {
      context.logger.warn(
        { eventId: event.eventId, type: event.type, schemaVersion: event.schemaVersion, group: groupId },
        'unreadable event skipped',
      );
    }
  });
}

/** Inbox rows deleted per statement, so a large backlog never holds one long transaction. */
const PRUNE_CHUNK = 5000;

/**
 * Forgets the events this service's consumers applied more than `olderThanHours` ago. That age
 * must exceed the bus's retention: the bus can then no longer redeliver them, and an id is only
 * needed while a redelivery is possible. Returns how many rows went.
 */
export async function pruneInbox(knex: Knex, schema: string, olderThanHours: number): Promise<number> {
  const table = `${schema}.processed_events`;
  let pruned = 0;
  for (;;) {
    // Raw for its row count: PGlite's knex client answers a builder's delete with no count.
    const result: { rowCount: number | null } = await knex.raw(
      `delete from ?? where (consumer, event_id) in
         (select consumer, event_id from ?? where processed_at < now() - ? * interval '1 hour' limit ?)`,
      [table, table, olderThanHours, PRUNE_CHUNK],
    );
    const deleted = result.rowCount ?? 0;
    pruned += deleted;
    if (deleted < PRUNE_CHUNK) return pruned;
  }
}
