import { countConsumedEvents, registerConsumerLag } from '@tapinti/platform/metrics';
import type { EventBus } from '@tapinti/ports/event-bus';

/**
 * The bus a service's consumer groups subscribe through: each batch a group's handler applied
 * (resolved, so the bus moves past it) adds its events to `tapinti_consumer_events_total`, and
 * each group's lag (`EventBus.lag`) is read at scrape time. Publishing and everything else is the
 * bus's own. `unregister` drops the lag sources when the service stops.
 */
export function meteredConsumerBus(bus: EventBus, service: string): { bus: EventBus; unregister(): void } {
  const registered: Array<() => void> = [];
  return {
    bus: {
      publish: (topic, events) => bus.publish(topic, events),
      async subscribe(subscription, handler) {
        const { groupId } = subscription;
        await bus.subscribe(subscription, async (events) => {
          await handler(events);
          countConsumedEvents(service, groupId, events.length);
        });
        const lag = bus.lag?.bind(bus);
        if (lag) registered.push(registerConsumerLag(service, groupId, () => lag(groupId)));
      },
      close: () => bus.close(),
    },
    unregister: () => registered.splice(0).forEach((unregister) => unregister()),
  };
}
