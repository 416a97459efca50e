import type { Knex } from 'knex';
import type { z } from 'zod';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';

/** What a consumer does with one event whose payload its contract schema accepted. */
export interface EventHandler<P = unknown, R = unknown> {
  schema: z.ZodType<P>;
  /**
   * Reads only, before the batch's transaction: the slow part of working out an effect (a search,
   * a scoring), so the transaction — and the transaction id every relay of the schema waits
   * behind — lasts only as long as the writes. What it reads may be a moment older than the
   * writes; an effect that must not act on it re-checks inside `handle`.
   */
  prepare?(db: Knex, payload: P, event: EventEnvelope<P>): Promise<R>;
  /** Only queries on `trx`: it is the batch's transaction (see subscribeConsumerGroup). */
  handle(trx: Knex.Transaction, payload: P, event: EventEnvelope<P>, prepared: R): Promise<void>;
}

/** Declares the handler of one (event type, schema version): the payload is parsed before `handle`. */
export function on<S extends z.ZodType>(
  schema: S,
  handle: (trx: Knex.Transaction, payload: z.infer<S>, event: EventEnvelope<z.infer<S>>) => Promise<void>,
): EventHandler<z.infer<S>> {
  return { schema, handle } as EventHandler<z.infer<S>>;
}

/** A handler whose reads run before the batch's transaction (see `EventHandler.prepare`). */
export function onPrepared<S extends z.ZodType, R>(
  schema: S,
  prepare: (db: Knex, payload: z.infer<S>, event: EventEnvelope<z.infer<S>>) => Promise<R>,
  handle: (
    trx: Knex.Transaction,
    payload: z.infer<S>,
    event: EventEnvelope<z.infer<S>>,
    prepared: R,
  ) => Promise<void>,
): EventHandler<z.infer<S>, R> {
  return { schema, prepare, handle } as EventHandler<z.infer<S>, R>;
}

/** Event type → schema version → handler. */
export type EventHandlers = Record<string, Record<number, EventHandler<any>>>;

/** One consumer group of a service: `<service>.<purpose>` → event type → schema version → handler. */
export interface ConsumerGroup {
  groupId: string;
  handlers: EventHandlers;
}

/**
 * The same effect for every (type, version) of contract schema maps (e.g. `AUTH_EVENT_SCHEMAS`),
 * each payload parsed with its own schema: for a consumer that records every event it knows.
 */
export function onEvery(
  schemas: Record<string, Record<number, z.ZodType>>,
  handle: (trx: Knex.Transaction, payload: unknown, event: EventEnvelope) => Promise<void>,
): EventHandlers {
  const handlers: EventHandlers = {};
  for (const [type, versions] of Object.entries(schemas)) {
    handlers[type] = {};
    for (const [version, schema] of Object.entries(versions))
      handlers[type][Number(version)] = on(schema, handle);
  }
  return handlers;
}

/** The topics a group reads: the `<context>.events` of each event type it handles. */
export function topicsOf(group: ConsumerGroup): string[] {
  return [...new Set(Object.keys(group.handlers).map((type) => `${type.split('.')[0]}.events`))];
}
