import type { Knex } from 'knex';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { Logger } from '@tapinti/platform/logger';
import { runWithContext } from '@tapinti/platform/request-context';
import type { EventBus } from '@tapinti/ports/event-bus';
import { topicsOf, type ConsumerGroup } from './subscriptions';

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

/**
 * Subscribes a consumer group: each event's payload is parsed with the handler's contract schema
 * before its effect; an unknown type is ignored, an unknown version or unreadable payload is
 * logged and skipped (its id is still recorded, so it is not retried forever).
 */
export async function subscribeConsumerGroup(
  context: { knex: Knex; bus: EventBus; logger: Logger },
  schema: string,
  group: ConsumerGroup,
): Promise<void> {
  const effects: Record<string, EventEffect> = {};
  for (const [type, versions] of Object.entries(group.handlers)) {
    effects[type] = async (trx, event) => {
      const handler = versions[event.schemaVersion];
      const parsed = handler?.schema.safeParse(event.payload);
      if (!handler || !parsed?.success) {
        context.logger.warn(
          {
            eventId: event.eventId,
            type: event.type,
            schemaVersion: event.schemaVersion,
            group: group.groupId,
          },
          'unreadable event skipped',
        );
        return;
      }
      await handler.handle(trx, parsed.data, event);
    };
  }
  await context.bus.subscribe(
    { groupId: group.groupId, topics: topicsOf(group) },
    idempotentHandler(context.knex, { schema, consumer: group.groupId, effects }),
  );
}
