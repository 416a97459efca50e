import {
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { Logger } from '@tapinti/platform/logger';
import { MAX_BATCH_SIZE, type BatchHandler, type EventBus, type Subscription } from './event-bus';
import { exponentialBackoff } from '@tapinti/platform/backoff';
import { fixKafkajsIdleRequestQueue } from './kafkajs-idle-queue-fix';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  /** Prefixes topics and consumer groups (`<namespace>.<name>`) so environments can share a broker. */
  namespace?: string;
  logger: Logger;
  /** Cap of the redelivery backoff of a failing handler. */
  maxBackoffMs?: number;
}

const PARTITIONS = 3;
/** Tries to create (or find) topics before a start-up gives up. */
const TOPIC_ATTEMPTS = 8;

/** kafkajs log entries into pino, warn level and up (kafkajs itself filters below `WARN`). */
function pinoLogCreator(logger: Logger) {
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      const {
        message,
        timestamp: _timestamp,
        logger: _logger,
        ...extra
      } = log as LogEntry['log'] & { logger?: string };
      const fields = { kafkajs: namespace, ...extra };
      // Expected: sends give up after ~9 s so the caller can retry; a failed producer is replaced.
      if (message.startsWith('Limiting retries for the idempotent producer'))
        return logger.debug(fields, message);
      if (level === logLevel.ERROR || level === logLevel.NOTHING) logger.error(fields, message);
      else if (level === logLevel.WARN) logger.warn(fields, message);
      else if (level === logLevel.INFO) logger.info(fields, message);
      else logger.debug(fields, message);
    };
}

interface GroupRunner {
  groupId: string;
  consumer: Consumer | null;
  restartTimer: NodeJS.Timeout | null;
}

/**
 * Kafka transport. Publishing goes through one idempotent producer (acks from all in-sync
 * replicas, one request in flight, so a retried send cannot reorder or duplicate); messages are
 * keyed by stream id, so one stream's events stay in one partition, in order. A consumer group
 * hands what one fetch brought of a partition to the handler in batches of at most
 * `MAX_BATCH_SIZE` (the partitions of a member side by side, each one's batches in order); a
 * batch's offsets are resolved and committed only after its handler resolved. A failing
 * handler gets the same batch again in place (with backoff, heartbeating meanwhile), so every
 * event is delivered at least once and in order per partition.
 */
export function createKafkaEventBus(options: KafkaEventBusOptions): EventBus {
  const { brokers, clientId, namespace, logger } = options;
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
  const named = (name: string) => (namespace ? `${namespace}.${name}` : name);
  fixKafkajsIdleRequestQueue();
  const kafka = new Kafka({
    clientId,
    brokers,
    logLevel: logLevel.WARN,
    logCreator: pinoLogCreator(logger),
    // Producer and admin: about 9 s of retries, then the call fails and the caller retries.
    retry: { initialRetryTime: 300, retries: 5 },
  });

  let producer: Producer | null = null;
  let admin: Admin | null = null;
  const knownTopics = new Set<string>();
  const groups = new Map<string, GroupRunner>();
  /** Each subscribed group's (namespaced) topics, for `lag`. */
  const groupTopics = new Map<string, string[]>();
  let closed = false;
  let publishing: Promise<unknown> = Promise.resolve();
  const sleepers = new Set<() => void>();

  /** Resolves after `ms`, or at once when the bus closes. */
  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }

  async function quietly(action: () => Promise<unknown>) {
    try {
      await action();
    } catch {
      // Best effort: the client is being thrown away.
    }
  }

  async function connectedProducer(): Promise<Producer> {
    if (producer) return producer;
    const created = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: true,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    try {
      await created.connect();
    } catch (err) {
      await quietly(() => created.disconnect());
      throw err;
    }
    producer = created;
    return created;
  }

  /** A producer or admin that failed may be left unusable (kafkajs gave up): start over next time. */
  async function dropProducer() {
    const old = producer;
    producer = null;
    if (old) await quietly(() => old.disconnect());
  }

  async function dropAdmin() {
    const old = admin;
    admin = null;
    if (old) await quietly(() => old.disconnect());
  }

  async function connectedAdmin(): Promise<Admin> {
    if (admin) return admin;
    const created = kafka.admin();
    try {
      await created.connect();
    } catch (err) {
      await quietly(() => created.disconnect());
      throw err;
    }
    admin = created;
    return created;
  }

  /** Creates the (namespaced) topics that this process has not seen yet, ignoring existing ones. */
  /**
   * Creates missing topics. Several services starting at once race to create the same topics;
   * whatever the broker answered, the topics count as there once it lists them and every partition
   * has a leader (a few tries while a just-created topic settles).
   */
  async function ensureTopics(topics: string[]) {
    const missing = [...new Set(topics)].filter((t) => !knownTopics.has(t));
    if (missing.length === 0) return;
    for (let attempt = 1; ; attempt++) {
      try {
        const client = await connectedAdmin();
        try {
          await client.createTopics({
            topics: missing.map((topic) => ({ topic, numPartitions: PARTITIONS })),
            waitForLeaders: true,
          });
        } catch (err) {
          const listed = new Set(await client.listTopics());
          if (!missing.every((topic) => listed.has(topic))) throw err;
        }
        // Created here or by another service a moment ago: usable once every partition has a leader.
        const { topics: described } = await client.fetchTopicMetadata({ topics: missing });
        const leaderless = described.filter((t) => t.partitions.some((partition) => partition.leader < 0));
        if (leaderless.length > 0)
          throw new Error(`no leader yet for ${leaderless.map((t) => t.name).join(', ')}`);
        break;
      } catch (err) {
        await dropAdmin();
        if (attempt >= TOPIC_ATTEMPTS) throw err;
        logger.warn({ err, topics: missing, attempt }, 'creating topics failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
    for (const topic of missing) knownTopics.add(topic);
  }

  async function send(topic: string, events: EventEnvelope[]) {
    if (closed) throw new Error('event bus is closed');
    if (events.length === 0) return;
    const name = named(topic);
    await ensureTopics([name]);
    const client = await connectedProducer();
    try {
      await client.send({
        topic: name,
        acks: -1,
        messages: events.map((event) => ({
          key: event.streamId,
          value: JSON.stringify(event),
          headers: { 'event-type': event.type },
        })),
      });
    } catch (err) {
      await dropProducer();
      throw err;
    }
  }

  async function startGroup(runner: GroupRunner, subscription: Subscription, handler: BatchHandler) {
    const topics = subscription.topics.map(named);
    await ensureTopics(topics);
    const consumer = kafka.consumer({
      groupId: named(subscription.groupId),
      // After a broker restart the group waits for the member that crashed to time out before the
      // restarted consumer gets its partitions: the session timeout is the recovery time.
      sessionTimeout: 10_000,
      heartbeatInterval: 3_000,
      // A fetch waits at most this long for new data; disconnecting waits for the fetch in flight.
      maxWaitTimeInMs: 1_000,
      // 300 ms doubling to 5 s: ~25 s of retries, then a crash and a restart by kafkajs.
      retry: {
        initialRetryTime: 300,
        maxRetryTime: 5_000,
        retries: 8,
        restartOnFailure: async () => !closed,
      },
    });
    runner.consumer = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (closed || payload.restart || runner.consumer !== consumer) return;
      // kafkajs does not restart after errors it deems non-retriable: run the group again ourselves.
      logger.error({ err: payload.error, groupId: runner.groupId }, 'kafka consumer crashed; restarting it');
      scheduleRestart(runner, subscription, handler, 1000);
    });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      await consumer.run({
        // Offsets are resolved here, batch by batch, once the handler accepted them, and each
        // resolved batch is committed at once (threshold 1) rather than at the end of the fetch.
        eachBatchAutoResolve: false,
        autoCommitThreshold: 1,
        // Partitions are independent (a stream lives in one): their batches may be handled side
        // by side, each partition's still one after the other.
        partitionsConsumedConcurrently: PARTITIONS,
        eachBatch: async ({
          batch,
          resolveOffset,
          heartbeat,
          commitOffsetsIfNecessary,
          isRunning,
          isStale,
        }) => {
          const { topic, partition } = batch;
          for (let start = 0; start < batch.messages.length; start += MAX_BATCH_SIZE) {
            // A rebalance or seek made the rest of this fetch someone else's (or stale): leave it.
            if (!isRunning() || isStale()) return;
            const messages = batch.messages.slice(start, start + MAX_BATCH_SIZE);
            const events: EventEnvelope[] = [];
            for (const message of messages) {
              try {
                events.push(JSON.parse(message.value?.toString('utf8') ?? '') as EventEnvelope);
              } catch (err) {
                logger.error({ err, topic, partition, offset: message.offset }, 'unreadable event skipped');
              }
            }
            for (let attempt = 1; events.length > 0; attempt++) {
              // Throwing leaves the batch unresolved: it is delivered again after a restart.
              if (closed || runner.consumer !== consumer || !isRunning())
                throw new Error('consumer stopping; batch left uncommitted');
              try {
                await handler(events);
                break;
              } catch (err) {
                const delay = exponentialBackoff(attempt, 50, maxBackoffMs);
                logger.warn(
                  {
                    err,
                    groupId: runner.groupId,
                    topic,
                    partition,
                    firstEventId: events[0]!.eventId,
                    size: events.length,
                    attempt,
                  },
                  'event batch handler failed; redelivering the batch',
                );
                await sleep(delay);
                // Keeps the group membership alive; throws when a rebalance takes the partition away.
                await heartbeat();
              }
            }
            resolveOffset(messages[messages.length - 1]!.offset);
            await commitOffsetsIfNecessary();
            await heartbeat();
          }
        },
      });
    } catch (err) {
      if (runner.consumer === consumer) runner.consumer = null;
      await quietly(() => consumer.disconnect());
      throw err;
    }
    // Closed while this (re)start was under way: close() did not see this consumer.
    if (closed) await quietly(() => consumer.disconnect());
  }

  function scheduleRestart(
    runner: GroupRunner,
    subscription: Subscription,
    handler: BatchHandler,
    delayMs: number,
  ) {
    if (closed || runner.restartTimer) return;
    const old = runner.consumer;
    runner.consumer = null;
    runner.restartTimer = setTimeout(async () => {
      runner.restartTimer = null;
      if (old) await quietly(() => old.disconnect());
      if (closed) return;
      try {
        await startGroup(runner, subscription, handler);
      } catch (err) {
        logger.error({ err, groupId: runner.groupId }, 'kafka consumer restart failed; trying again');
        scheduleRestart(runner, subscription, handler, Math.min(delayMs * 2, 30_000));
      }
    }, delayMs);
  }

  return {
    publish(topic, events) {
      // One publish at a time, so events keep the order in which they were handed over.
      const run = publishing.then(() => send(topic, events));
      publishing = run.catch(() => undefined);
      return run;
    },
    async subscribe(subscription, handler) {
      if (closed) throw new Error('event bus is closed');
      if (groups.has(subscription.groupId))
        throw new Error(`group ${subscription.groupId} is already subscribed`);
      const runner: GroupRunner = { groupId: subscription.groupId, consumer: null, restartTimer: null };
      groups.set(subscription.groupId, runner);
      groupTopics.set(subscription.groupId, subscription.topics.map(named));
      try {
        await startGroup(runner, subscription, handler);
      } catch (err) {
        groups.delete(subscription.groupId);
        throw err;
      }
    },
    async lag(groupId) {
      const topics = groupTopics.get(groupId);
      if (closed || !groups.has(groupId) || !topics) return undefined;
      try {
        const client = await connectedAdmin();
        const committed = await client.fetchOffsets({ groupId: named(groupId), topics });
        let lag = 0;
        for (const { topic, partitions } of committed) {
          // A partition the group never committed on is read from its first offset (fromBeginning).
          for (const end of await client.fetchTopicOffsets(topic)) {
            const offset = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? -1);
            lag += Math.max(0, Number(end.high) - (offset >= 0 ? offset : Number(end.low)));
          }
        }
        return lag;
      } catch (err) {
        await dropAdmin();
        throw err;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const wake of [...sleepers]) wake();
      const consumers: Consumer[] = [];
      for (const runner of groups.values()) {
        if (runner.restartTimer) clearTimeout(runner.restartTimer);
        runner.restartTimer = null;
        if (runner.consumer) consumers.push(runner.consumer);
      }
      groups.clear();
      await Promise.allSettled(consumers.map((c) => c.disconnect()));
      await publishing;
      await Promise.allSettled([dropProducer(), dropAdmin()]);
    },
  };
}
