import type { Knex } from 'knex';
import type { z } from 'zod';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';

/** What a consumer does with one event whose payload its contract schema accepted. */
export interface EventHandler<P = unknown> {
  schema: z.ZodType<P>;
  handle(trx: Knex.Transaction, payload: P, event: EventEnvelope<P>): Promise<void>;
}

/** Declares the handler of one (event type, schema version): the payload is parsed before `handle`. */
export function on<S extends z.ZodType>(
  schema: S,
  handle: (trx: Knex.Transaction, payload: z.infer<S>, event: EventEnvelope<z.infer<S>>) => Promise<void>,
): EventHandler<z.infer<S>> {
  return { schema, handle } as EventHandler<z.infer<S>>;
}

/** One consumer group of a service: `<service>.<purpose>` → event type → schema version → handler. */
export interface ConsumerGroup {
  groupId: string;
  handlers: Record<string, Record<number, EventHandler<any>>>;
}

/** The topics a group reads: the `<context>.events` of each event type it handles. */
export function topicsOf(group: ConsumerGroup): string[] {
  return [...new Set(Object.keys(group.handlers).map((type) => `${type.split('.')[0]}.events`))];
}
