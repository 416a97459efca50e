import { Kafka, logLevel } from 'kafkajs';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { EventBus } from '../../src/event-bus';
import { createKafkaEventBus } from '../../src/kafka-event-bus';
import { createMemoryEventBus } from '../../src/memory-event-bus';
import { envelope, eventually, silentLogger, sleep, uniqueNamespace } from './support';

jest.setTimeout(60_000);

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
    await bus.subscribe({ groupId: unique('late-group'), topics: [topic] }, async (event) => {
      seen.push(event);
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
      await bus.subscribe({ groupId, topics: [topic] }, async (event) => {
        seen.get(groupId)!.push(event);
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

  test('a handler that throws gets the same event again, and later events of its stream wait', async () => {
    const topic = unique('retry');
    const calls: string[] = [];
    const events = [envelope('retry-a', 1), envelope('retry-a', 2), envelope('retry-a', 3)];
    let failuresLeft = 2;
    await bus.subscribe({ groupId: unique('flaky'), topics: [topic] }, async (event) => {
      calls.push(event.eventId);
      if (event.eventId === events[0]!.eventId && failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('handler failed on purpose');
      }
    });
    await bus.publish(topic, events);

    const [first, second, third] = events.map((e) => e.eventId);
    await eventually(() => expect(calls).toEqual([first, first, first, second, third]));
    await sleep(300);
    expect(calls).toHaveLength(5);
  });

  test('one group can follow several topics', async () => {
    const topics = [unique('multi'), unique('multi')];
    const seen: string[] = [];
    await bus.subscribe({ groupId: unique('multi-group'), topics }, async (event) => {
      seen.push(event.eventId);
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
