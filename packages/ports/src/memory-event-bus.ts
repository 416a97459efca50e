import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { Logger } from '@tapinti/platform/logger';
import { MAX_BATCH_SIZE, type BatchHandler, type EventBus, type Subscription } from './event-bus';
import { exponentialBackoff } from '@tapinti/platform/backoff';

interface GroupCursor {
  topics: string[];
  offsets: Map<string, number>;
  handler: BatchHandler;
  draining: boolean;
  again: boolean;
}

/** A topic's events still held: the one at offset `o` is `events[o - base]`. */
interface TopicLog {
  events: EventEnvelope[];
  /** When each was published (the clock's milliseconds). */
  publishedAt: number[];
  base: number;
}

/** How long an event every group has applied is still held for a group that subscribes later. */
export const MEMORY_BUS_RETENTION_MS = 5 * 60_000;

/**
 * In-process bus with the same semantics as the Kafka adapter: every group sees every event of
 * its topics still held, in order, the pending events of a topic as one batch (at most
 * `maxBatchSize`); a failing handler gets the same batch again with backoff before the group
 * moves on (at-least-once). As Kafka's retention does, an event is dropped once it is older than
 * `retentionMs` — and here only once every group of its topic has applied it: the process runs for
 * weeks (`npm start`), and a log kept for its whole life grew with every event (issue 23, the
 * embedded soak). A group that subscribes later starts at the oldest event still held; modules
 * subscribe within seconds of one another at start, far inside the retention.
 */
export function createMemoryEventBus(
  logger: Logger,
  options: { maxBackoffMs?: number; maxBatchSize?: number; retentionMs?: number; now?: () => number } = {},
): EventBus {
  const logs = new Map<string, TopicLog>();
  const groups = new Map<string, GroupCursor>();
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
  const maxBatchSize = Math.min(MAX_BATCH_SIZE, options.maxBatchSize ?? MAX_BATCH_SIZE);
  const retentionMs = options.retentionMs ?? MEMORY_BUS_RETENTION_MS;
  const now = options.now ?? Date.now;
  let closed = false;
  const idle = new Set<Promise<void>>();

  const logOf = (topic: string) => {
    let log = logs.get(topic);
    if (!log) logs.set(topic, (log = { events: [], publishedAt: [], base: 0 }));
    return log;
  };
  const end = (log: TopicLog) => log.base + log.events.length;
  const offsetOf = (cursor: GroupCursor, topic: string) => cursor.offsets.get(topic) ?? logOf(topic).base;

  /** Drops the events of `topic` past their retention that every group of the topic has applied. */
  function trim(topic: string) {
    const log = logOf(topic);
    let applied = end(log);
    for (const cursor of groups.values())
      if (cursor.topics.includes(topic)) applied = Math.min(applied, offsetOf(cursor, topic));
    const expired = now() - retentionMs;
    let drop = 0;
    while (drop < applied - log.base && log.publishedAt[drop]! <= expired) drop++;
    if (drop === 0) return;
    log.events.splice(0, drop);
    log.publishedAt.splice(0, drop);
    log.base += drop;
  }

  async function drain(groupId: string, cursor: GroupCursor): Promise<void> {
    if (cursor.draining) {
      cursor.again = true;
      return;
    }
    cursor.draining = true;
    try {
      do {
        cursor.again = false;
        for (const topic of cursor.topics) {
          const log = logOf(topic);
          let offset = offsetOf(cursor, topic);
          while (offset < end(log) && !closed) {
            const batch = log.events.slice(offset - log.base, offset - log.base + maxBatchSize);
            if (!(await deliver(groupId, cursor, batch))) return;
            offset += batch.length;
            cursor.offsets.set(topic, offset);
          }
        }
      } while (cursor.again && !closed);
    } finally {
      cursor.draining = false;
    }
  }

  /** True once the handler accepted the batch; false when the bus closed first. */
  async function deliver(groupId: string, cursor: GroupCursor, batch: EventEnvelope[]): Promise<boolean> {
    for (let attempt = 1; !closed; attempt++) {
      try {
        // A structured clone keeps consumers from sharing (and mutating) the producer's objects.
        await cursor.handler(structuredClone(batch));
        return true;
      } catch (err) {
        const delay = exponentialBackoff(attempt, 50, maxBackoffMs);
        logger.warn(
          { err, groupId, firstEventId: batch[0]?.eventId, size: batch.length, attempt },
          'event batch handler failed; redelivering the batch',
        );
        await new Promise((r) => setTimeout(r, delay));
      }
    }
    return false;
  }

  function kick(groupId: string, cursor: GroupCursor) {
    const run = drain(groupId, cursor).catch((err) =>
      logger.error({ err, groupId }, 'memory bus drain failed'),
    );
    idle.add(run);
    void run.finally(() => idle.delete(run));
  }

  return {
    async publish(topic, events) {
      if (closed) throw new Error('event bus is closed');
      const log = logOf(topic);
      const at = now();
      for (const event of events) {
        log.events.push(structuredClone(event));
        log.publishedAt.push(at);
      }
      trim(topic);
      for (const [groupId, cursor] of groups) if (cursor.topics.includes(topic)) kick(groupId, cursor);
    },
    async subscribe(subscription: Subscription, handler) {
      if (groups.has(subscription.groupId))
        throw new Error(`group ${subscription.groupId} is already subscribed`);
      const cursor: GroupCursor = {
        topics: subscription.topics,
        offsets: new Map(),
        handler,
        draining: false,
        again: false,
      };
      groups.set(subscription.groupId, cursor);
      kick(subscription.groupId, cursor);
    },
    async lag(groupId) {
      const cursor = groups.get(groupId);
      if (!cursor) return undefined;
      return cursor.topics.reduce((sum, topic) => sum + end(logOf(topic)) - offsetOf(cursor, topic), 0);
    },
    async close() {
      closed = true;
      await Promise.allSettled([...idle]);
    },
  };
}
