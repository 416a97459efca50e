import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createKafkaEventBus } from '../../src/kafka-event-bus';
import { envelope, eventually, silentLogger, sleep, uniqueNamespace } from './support';

const brokers = [process.env.KAFKA_BROKERS ?? '127.0.0.1:9092'];
const namespace = uniqueNamespace('outage');

// Stops the shared broker for ~25 s, so `npm test` runs it in its own stage, after the others.

describe('kafka event bus outage', () => {
  const kafkaScript = path.resolve(__dirname, '../../../../infra/local/kafka.sh');
  const kafka = (action: 'stop' | 'start') =>
    execFileSync('bash', [kafkaScript, action], { stdio: 'ignore' });

  test('publish fails while the broker is down, works again after, and the consumer resumes without losing events', async () => {
    const bus = createKafkaEventBus({
      brokers,
      clientId: 'contract-outage',
      namespace,
      logger: silentLogger,
      maxBackoffMs: 500,
    });
    try {
      const topic = 'outage';
      const seen: string[] = [];
      await bus.subscribe({ groupId: 'outage-group', topics: [topic] }, async (events) => {
        seen.push(...events.map((e) => e.eventId));
      });
      const before = envelope('outage-a', 1);
      await bus.publish(topic, [before]);
      await eventually(() => expect(seen).toEqual([before.eventId]));

      kafka('stop');
      const downAt = Date.now();
      try {
        await expect(bus.publish(topic, [envelope('outage-a', 2)])).rejects.toBeTruthy();
        await sleep(Math.max(0, 25_000 - (Date.now() - downAt)));
      } finally {
        kafka('start');
      }

      // The relay retries with backoff until the bus accepts again.
      const after = envelope('outage-a', 3);
      await eventually(() => bus.publish(topic, [after]), { timeoutMs: 30_000, intervalMs: 1000 });
      await eventually(() => expect(seen).toContain(after.eventId), { timeoutMs: 60_000 });
      expect(seen.filter((id) => id === before.eventId).length).toBeGreaterThanOrEqual(1);
    } finally {
      await bus.close();
    }
  }, 150_000);
});
