import { Kafka, logLevel } from 'kafkajs';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { MAX_BATCH_SIZE, type EventBus } from '../../src/event-bus';
import { createKafkaEventBus } from '../../src/kafka-event-bus';
import { createMemoryEventBus } from '../../src/memory-event-bus';
import { envelope, eventually, silentLogger, sleep, uniqueNamespace } from './support';

const brokers = [process.env.KAFKA_BROKERS ?? '127.0.0.1:9092'];
const namespace = uniqueNamespace('bus');

const adapters: Array<[string, () => EventBus]> = [
  ['memory', () => createMemoryEventBus(silentLogger, { maxBackoffMs: 500 })],
  [
    'kafka',
    () =>
      createKafkaEventBus({
        brokers,
        clientId: 'contract',
        namespace,
        logger: silentLogger,
        maxBackoffMs: 500,
      }),
  ],
];

/** Topics and consumer groups of this run are removed from the broker afterwards. */
afterAll(async () => {
  const admin = new Kafka({ clientId: 'contract-cleanup', brokers, logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${namespace}.`));
    if (topics.length) await admin.deleteTopics({ topics });
    const groups = (await admin.listGroups()).groups
      .map((g) => g.groupId)
      .filter((g) => g.startsWith(`${namespace}.`));
    if (groups.length) await admin.deleteGroups(groups).catch(() => undefined);
  } finally {
    await admin.disconnect();
  }
});

describe.each(adapters)('%s event bus', (adapter, create) => {
  let bus: EventBus;
  let counter = 0;
  const unique = (what: string) => `${adapter}-${what}-${++counter}`;

  beforeAll(() => {
    bus = create();
  });
  afterAll(async () => {
    await bus.close();
  });

  test('publish resolves once accepted, and a group subscribed afterwards still gets the earlier events', async () => {
    const topic = unique('late');
    const published = [envelope('late-a', 1), envelope('late-a', 2), envelope('late-b', 1)];
    await bus.publish(topic, published.slice(0, 2));
    await bus.publish(topic, published.slice(2));

    const seen: EventEnvelope[] = [];
    await bus.subscribe({ groupId: unique('late-group'), topics: [topic] }, async (events) => {
      seen.push(...events);
    });

    await eventually(() => expect(seen).toHaveLength(published.length));
    const byId = (a: EventEnvelope, b: EventEnvelope) => a.eventId.localeCompare(b.eventId);
    // The whole envelope survives the trip.
    expect([...seen].sort(byId)).toEqual([...published].sort(byId));
  });

  test('every group gets every event, each stream in order', async () => {
    const topic = unique('fanout');
    const streams = ['order-a', 'order-b', 'order-c', 'order-d'];
    const groups = [unique('projector'), unique('notifier')];
    const seen = new Map<string, EventEnvelope[]>(groups.map((g) => [g, []]));
    // Subscribed before the first publish: the topic must exist (or be waited for) already.
    for (const groupId of groups) {
      await bus.subscribe({ groupId, topics: [topic] }, async (events) => {
        seen.get(groupId)!.push(...events);
      });
    }

    const published: EventEnvelope[] = [];
    for (let version = 1; version <= 6; version++)
      for (const stream of streams) published.push(envelope(stream, version));
    for (let i = 0; i < published.length; i += 7) await bus.publish(topic, published.slice(i, i + 7));

    for (const groupId of groups) {
      await eventually(() => expect(seen.get(groupId)).toHaveLength(published.length));
      for (const stream of streams) {
        const versions = seen
          .get(groupId)!
          .filter((e) => e.streamId === stream)
          .map((e) => e.streamVersion);
        expect(versions).toEqual([1, 2, 3, 4, 5, 6]);
      }
    }
  });

  test('a handler that throws gets the same batch again, and later events of its stream wait', async () => {
    const topic = unique('retry');
    const calls: string[][] = [];
    const events = [envelope('retry-a', 1), envelope('retry-a', 2), envelope('retry-a', 3)];
    const ids = events.map((e) => e.eventId);
    let failuresLeft = 2;
    await bus.subscribe({ groupId: unique('flaky'), topics: [topic] }, async (batch) => {
      calls.push(batch.map((e) => e.eventId));
      if (batch.some((e) => e.eventId === ids[0]) && failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('handler failed on purpose');
      }
    });
    await bus.publish(topic, events);

    await eventually(() => expect(calls.slice(2).flat()).toEqual(ids));
    await sleep(300);
    // The failed batch came back whole, twice, before anything after it; nothing was skipped.
    expect(calls[0]![0]).toBe(ids[0]);
    expect(calls[1]).toEqual(calls[0]);
    expect(calls[2]).toEqual(calls[0]);
    expect(calls.slice(2).flat()).toEqual(ids);
  });

  test(`pending events arrive in batches of at most ${MAX_BATCH_SIZE}, in order`, async () => {
    const topic = unique('batches');
    const published = Array.from({ length: 1200 }, (_, i) => envelope('batch-a', i + 1));
    for (let i = 0; i < published.length; i += 300) await bus.publish(topic, published.slice(i, i + 300));

    const sizes: number[] = [];
    const versions: number[] = [];
    await bus.subscribe({ groupId: unique('batch-group'), topics: [topic] }, async (events) => {
      sizes.push(events.length);
      versions.push(...events.map((e) => e.streamVersion));
    });

    await eventually(() => expect(versions).toHaveLength(published.length));
    expect(versions).toEqual(published.map((e) => e.streamVersion));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_BATCH_SIZE);
    // Handed over together, not one by one.
    expect(sizes.length).toBeLessThanOrEqual(published.length / 50);
  });

  test('one group can follow several topics', async () => {
    const topics = [unique('multi'), unique('multi')];
    const seen: string[] = [];
    await bus.subscribe({ groupId: unique('multi-group'), topics }, async (events) => {
      seen.push(...events.map((e) => e.eventId));
    });
    const one = envelope('multi-a', 1);
    const two = envelope('multi-b', 1);
    await bus.publish(topics[0]!, [one]);
    await bus.publish(topics[1]!, [two]);
    await eventually(() => expect([...seen].sort()).toEqual([one.eventId, two.eventId].sort()));
  });

  test('a group id can be subscribed only once per bus', async () => {
    const groupId = unique('once');
    const topic = unique('once-topic');
    await bus.subscribe({ groupId, topics: [topic] }, async () => undefined);
    await expect(bus.subscribe({ groupId, topics: [topic] }, async () => undefined)).rejects.toThrow(
      /already subscribed/,
    );
  });
});

describe('kafka event bus offsets', () => {
  const create = () =>
    createKafkaEventBus({
      brokers,
      clientId: 'contract',
      namespace,
      logger: silentLogger,
      maxBackoffMs: 200,
    });

  test('a batch is committed only once its handler resolved: the next member gets it again, and nothing after', async () => {
    const topic = 'offsets';
    const groupId = 'offsets-group';
    const events = [envelope('offsets-a', 1), envelope('offsets-a', 2)];
    const ids = events.map((e) => e.eventId);

    // A member whose handler never succeeds: nothing may be committed.
    const failing = create();
    const attempts: string[][] = [];
    await failing.subscribe({ groupId, topics: [topic] }, async (batch) => {
      attempts.push(batch.map((e) => e.eventId));
      throw new Error('handler failed on purpose');
    });
    await failing.publish(topic, events);
    await eventually(() => expect(attempts.length).toBeGreaterThanOrEqual(2));
    await failing.close();

    // The next member of the group gets the same events, and its success is committed.
    const succeeding = create();
    const seen: string[] = [];
    await succeeding.subscribe({ groupId, topics: [topic] }, async (batch) => {
      seen.push(...batch.map((e) => e.eventId));
    });
    await eventually(() => expect(seen).toEqual(ids), { timeoutMs: 40_000 });
    await succeeding.close();

    // A third member finds nothing left to do before a new event.
    const third = create();
    const later: string[] = [];
    const next = envelope('offsets-a', 3);
    await third.subscribe({ groupId, topics: [topic] }, async (batch) => {
      later.push(...batch.map((e) => e.eventId));
    });
    await third.publish(topic, [next]);
    await eventually(() => expect(later).toEqual([next.eventId]), { timeoutMs: 40_000 });
    await sleep(500);
    expect(later).toEqual([next.eventId]);
    await third.close();
  });
});
