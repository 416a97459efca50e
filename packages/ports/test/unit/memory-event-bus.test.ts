import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { createMemoryEventBus } from '../../src/memory-event-bus';
import { envelope, eventually, silentLogger } from '../contract/support';

/**
 * The memory bus's retention (issue 23: `npm start` runs for weeks, and a log kept for the process's
 * life grew with every event): an event is dropped once it is past the retention and every group of
 * its topic has applied it; a group that subscribes later starts at the oldest event still held.
 */
describe('memory event bus retention', () => {
  const topic = 'contract.things';
  const ids = (events: EventEnvelope[]) => events.map((e) => e.streamId);

  function busAt(clock: { now: number }) {
    return createMemoryEventBus(silentLogger, { maxBackoffMs: 20, retentionMs: 1000, now: () => clock.now });
  }

  test('events every group applied are dropped after the retention; a later group starts after them', async () => {
    const clock = { now: 0 };
    const bus = busAt(clock);
    const early: EventEnvelope[] = [];
    await bus.subscribe({ groupId: 'early', topics: [topic] }, async (events) => void early.push(...events));
    await bus.publish(topic, [envelope('a', 1), envelope('b', 1)]);
    await eventually(() => expect(ids(early)).toEqual(['a', 'b']));

    clock.now = 2000;
    await bus.publish(topic, [envelope('c', 1)]);
    await eventually(() => expect(ids(early)).toEqual(['a', 'b', 'c']));
    const late: EventEnvelope[] = [];
    await bus.subscribe({ groupId: 'late', topics: [topic] }, async (events) => void late.push(...events));
    await eventually(() => expect(ids(late)).toEqual(['c']));
    expect(await bus.lag?.('early')).toBe(0);
    expect(await bus.lag?.('late')).toBe(0);
    await bus.close();
  });

  test('an event a group has not applied yet is kept however old, and events within the retention too', async () => {
    const clock = { now: 0 };
    const bus = busAt(clock);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: EventEnvelope[] = [];
    await bus.subscribe({ groupId: 'slow', topics: [topic] }, async (events) => {
      await held;
      slow.push(...events);
    });
    const fast: EventEnvelope[] = [];
    await bus.subscribe({ groupId: 'fast', topics: [topic] }, async (events) => void fast.push(...events));
    await bus.publish(topic, [envelope('a', 1)]);
    await eventually(() => expect(ids(fast)).toEqual(['a']));

    clock.now = 10_000;
    await bus.publish(topic, [envelope('b', 1)]);
    await eventually(() => expect(ids(fast)).toEqual(['a', 'b']));
    expect(await bus.lag?.('slow')).toBe(2);
    const late: EventEnvelope[] = [];
    await bus.subscribe({ groupId: 'late', topics: [topic] }, async (events) => void late.push(...events));
    // 'a' is past the retention, but the slow group has not applied it: still held.
    await eventually(() => expect(ids(late)).toEqual(['a', 'b']));

    release();
    await eventually(() => expect(ids(slow)).toEqual(['a', 'b']));
    expect(await bus.lag?.('slow')).toBe(0);
    await bus.close();
  });
});
