import type { Knex } from 'knex';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { runWithContext } from '@tapinti/platform/request-context';

export type EventEffect = (trx: Knex.Transaction, event: EventEnvelope) => Promise<void>;

/**
 * Wraps per-type effects so each event has its effect once: the event id is recorded in the
 * consuming service's `processed_events` in the same transaction as the effect, and a
 * redelivered event finds it there and does nothing.
 */
export function idempotentHandler(
  knex: Knex,
  options: { schema: string; consumer: string; effects: Partial<Record<string, EventEffect>> },
): (event: EventEnvelope) => Promise<void> {
  const table = `${options.schema}.processed_events`;
  return async (event) => {
    const effect = options.effects[event.type];
    if (!effect) return;
    // The effect's log lines carry the request id of the call that caused the event.
    const context = { requestId: event.metadata.correlationId ?? event.eventId };
    await runWithContext(context, () =>
      knex.transaction(async (trx) => {
        const claimed = await trx(table)
          .insert({ consumer: options.consumer, event_id: event.eventId })
          .onConflict(['consumer', 'event_id'])
          .ignore()
          .returning('event_id');
        if (claimed.length === 0) return;
        await effect(trx, event);
      }),
    );
  };
}
