import type { EventEnvelope } from '@tapinti/contracts/event-envelope';

export interface Subscription {
  /** Consumer group: each group sees every event; members of one group share them. */
  groupId: string;
  topics: string[];
}

/** What a consumer does with the events the bus hands over together (one topic partition, in order). */
export type BatchHandler = (events: EventEnvelope[]) => Promise<void>;

/** At most this many events are handed to a handler at once. */
export const MAX_BATCH_SIZE = 500;

/**
 * At-least-once transport of events. `publish` resolves once the events are durably accepted,
 * in order. A subscriber gets events in batches (at most `MAX_BATCH_SIZE`, from one topic
 * partition, in order; a stream's events are always in one partition). A batch is acknowledged
 * only when its handler resolved: a handler that throws gets the same batch again (with
 * backoff) before any later event of that topic partition, so consumers must be idempotent.
 */
export interface EventBus {
  publish(topic: string, events: EventEnvelope[]): Promise<void>;
  subscribe(subscription: Subscription, handler: BatchHandler): Promise<void>;
  /**
   * For monitoring: events published to the group's topics that it has not yet applied (its
   * handler resolved); undefined when the group is not subscribed through this bus.
   */
  lag?(groupId: string): Promise<number | undefined>;
  close(): Promise<void>;
}
