import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { EventBus } from '@tapinti/ports/event-bus';

/**
 * A bus that records what it accepted, in order (the relay is what is under test). With
 * `failEvery: n`, every n-th publish is refused, as a broker outage would, and records nothing.
 */
export function createRecordingBus(options: { failEvery?: number } = {}): EventBus & {
  published: EventEnvelope[];
  refusals: number;
} {
  let calls = 0;
  const bus = {
    published: [] as EventEnvelope[],
    refusals: 0,
    async publish(_topic: string, events: EventEnvelope[]) {
      calls += 1;
      if (options.failEvery && calls % options.failEvery === 0) {
        bus.refusals += 1;
        throw new Error('broker unavailable');
      }
      bus.published.push(...events);
    },
    async subscribe() {
      throw new Error('the recording bus only records publishes');
    },
    async close() {},
  };
  return bus;
}
