import type { EventEnvelope } from '@tapinti/contracts/event-envelope';

export interface Subscription {
  /** Consumer group: each group sees every event; members of one group share them. */
  groupId: string;
  topics: string[];
}

/**
 * At-least-once transport of events. `publish` resolves once the events are durably accepted,
 * in order; a handler that throws gets the same event again (with backoff) before any later
 * event of that topic partition, so consumers must be idempotent.
 */
export interface EventBus {
  publish(topic: string, events: EventEnvelope[]): Promise<void>;
  subscribe(subscription: Subscription, handler: (event: EventEnvelope) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}
