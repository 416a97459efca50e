import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { Logger } from '@tapinti/platform/logger';
import type { EventBus, Subscription } from './event-bus';

interface GroupCursor {
  topics: string[];
  offsets: Map<string, number>;
  handler: (event: EventEnvelope) => Promise<void>;
  draining: boolean;
  again: boolean;
}

/**
 * In-process bus with the same semantics as the Kafka adapter: every group sees every event of
 * its topics from the beginning, in order; a failing handler is retried with backoff before the
 * group moves on (at-least-once). Topic logs live for the life of the process.
 */
export function createMemoryEventBus(logger: Logger, options: { maxBackoffMs?: number } = {}): EventBus {
  const logs = new Map<string, EventEnvelope[]>();
  const groups = new Map<string, GroupCursor>();
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
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
            await deliver(groupId, cursor, log[offset]!);
            offset += 1;
            cursor.offsets.set(topic, offset);
          }
        }
      } while (cursor.again && !closed);
    } finally {
      cursor.draining = false;
    }
  }

  async function deliver(groupId: string, cursor: GroupCursor, event: EventEnvelope) {
    for (let attempt = 1; !closed; attempt++) {
      try {
        // A structured clone keeps consumers from sharing (and mutating) the producer's objects.
        await cursor.handler(structuredClone(event));
        return;
      } catch (err) {
        const delay = Math.min(maxBackoffMs, 50 * 2 ** Math.min(attempt, 10));
        logger.warn({ err, groupId, eventId: event.eventId, attempt }, 'event handler failed; redelivering');
        await new Promise((r) => setTimeout(r, delay));
      }
    }
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
    async close() {
      closed = true;
      await Promise.allSettled([...idle]);
    },
  };
}
