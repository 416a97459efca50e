import type { Knex } from 'knex';
import type { EventEnvelope, EventMetadata } from '@tapinti/contracts/event-envelope';
import { createEventStore, type EventStore, type ExpectedVersion, type NewEvent } from './event-store';

/** Applies one event to the service's read-model tables; pure database work, no other I/O. */
export type Projector = (trx: Knex.Transaction, event: EventEnvelope) => Promise<void>;

export interface UnitOfWork {
  trx: Knex.Transaction;
  /** Appends to the stream and applies the events to the read models, in this transaction. */
  append(
    streamId: string,
    expected: ExpectedVersion,
    events: NewEvent[],
    metadata: EventMetadata,
  ): Promise<EventEnvelope[]>;
}

export interface EventSourcing {
  store: EventStore;
  /** One transaction: checks, appends and read-model changes commit together or not at all. */
  commit<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  /**
   * Appends and projects inside a transaction the caller owns (a consumer's batch, whose processed
   * ids commit with the effect); a stale version fails that transaction.
   */
  appendWithin(
    trx: Knex.Transaction,
    streamId: string,
    expected: ExpectedVersion,
    events: NewEvent[],
    metadata: EventMetadata,
  ): Promise<EventEnvelope[]>;
  /** Empties the read models and replays the whole event store into them. */
  rebuildReadModels(): Promise<number>;
  /** Called after each commit that appended events (the relay uses it to publish promptly). */
  onCommitted(listener: () => void): void;
}

export interface EventSourcingOptions {
  schema: string;
  source: string;
  project: Projector;
  /** Read-model tables (unqualified names), emptied before a rebuild. */
  readModelTables: string[];
}

export function createEventSourcing(knex: Knex, options: EventSourcingOptions): EventSourcing {
  const store = createEventStore(knex, { schema: options.schema, source: options.source });
  const listeners: Array<() => void> = [];

  const appendAndProject: EventSourcing['appendWithin'] = async (
    trx,
    streamId,
    expected,
    events,
    metadata,
  ) => {
    const envelopes = await store.append(trx, streamId, expected, events, metadata);
    for (const envelope of envelopes) await options.project(trx, envelope);
    return envelopes;
  };

  return {
    store,
    async commit(work) {
      let appended = 0;
      const result = await knex.transaction(async (trx) =>
        work({
          trx,
          async append(streamId, expected, events, metadata) {
            const envelopes = await appendAndProject(trx, streamId, expected, events, metadata);
            appended += envelopes.length;
            return envelopes;
          },
        }),
      );
      if (appended > 0) for (const listener of listeners) listener();
      return result;
    },
    appendWithin: appendAndProject,
    async rebuildReadModels() {
      let replayed = 0;
      // One snapshot for every batch: positions of different streams commit in any order, so a
      // later batch read in a fresh snapshot could hold an event below the position already passed.
      await knex.transaction(
        async (trx) => {
          for (const table of options.readModelTables) await trx(`${options.schema}.${table}`).delete();
          let position = 0;
          for (;;) {
            const batch = await store.readAfter(position, 1000, trx);
            if (batch.length === 0) break;
            for (const event of batch) await options.project(trx, event);
            replayed += batch.length;
            position = batch[batch.length - 1]!.position;
          }
        },
        { isolationLevel: 'repeatable read' },
      );
      return replayed;
    },
    onCommitted(listener) {
      listeners.push(listener);
    },
  };
}
