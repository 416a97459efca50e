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

/**
 * In-process bus with the same semantics as the Kafka adapter: every group sees every event of
 * its topics from the beginning, in order, the pending events of a topic as one batch (at most
 * `maxBatchSize`); a failing handler gets the same batch again with backoff before the group
 * moves on (at-least-once). Topic logs live for the life of the process.
 */
export function createMemoryEventBus(
  logger: Logger,
  options: { maxBackoffMs?: number; maxBatchSize?: number } = {},
): EventBus {
  const logs = new Map<string, EventEnvelope[]>();
  const groups = new Map<string, GroupCursor>();
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
  const maxBatchSize = Math.min(MAX_BATCH_SIZE, options.maxBatchSize ?? MAX_BATCH_SIZE);
  let closed = false;
  const idle = new Set<Promise<void>>();

  const logOf = (topic: string) => {
    let log = logs.get(topic);
    if (!log) logs.set(topic, (log = []));
    return log;
  };

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
          let offset = cursor.offsets.get(topic) ?? 0;
          while (offset < log.length && !closed) {
            const batch = log.slice(offset, offset + maxBatchSize);
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
      logOf(topic).push(...events.map((e) => structuredClone(e)));
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
      return cursor.topics.reduce(
        (sum, topic) => sum + (logs.get(topic)?.length ?? 0) - (cursor.offsets.get(topic) ?? 0),
        0,
      );
    },
    async close() {
      closed = true;
      await Promise.allSettled([...idle]);
    },
  };
}
