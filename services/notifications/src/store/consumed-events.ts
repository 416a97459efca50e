import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { Knex } from '@tapinti/platform/db';

const TABLE = 'notifications.consumed_events';

export interface ConsumedEvent {
  seq: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  payload: unknown;
}

/**
 * Keeps an event the consumer applies, in the batch's transaction, with its payload as its contract
 * parsed it: the log a rebuild of the directory replays (`seq` is the order they were applied in).
 */
export async function recordConsumedEvent(
  trx: Knex.Transaction,
  event: EventEnvelope,
  payload: unknown,
): Promise<void> {
  await trx(TABLE)
    .insert({
      event_id: event.eventId,
      type: event.type,
      schema_version: event.schemaVersion,
      stream_id: event.streamId,
      payload: JSON.stringify(payload),
      metadata: JSON.stringify(event.metadata),
    })
    .onConflict('event_id')
    .ignore();
}

/** The consumed events after `afterSeq`, in the order they were applied. */
export async function consumedEventsAfter(
  db: Knex | Knex.Transaction,
  afterSeq: number,
  limit: number,
): Promise<ConsumedEvent[]> {
  const rows = await db(TABLE)
    .select('seq', 'event_id', 'type', 'schema_version', 'payload')
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit);
  return rows.map((r: any) => ({
    seq: Number(r.seq),
    eventId: r.event_id,
    type: r.type,
    schemaVersion: r.schema_version,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
  }));
}
