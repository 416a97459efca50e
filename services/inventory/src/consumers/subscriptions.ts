import type { ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import { organizationStatusGroup } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';

/**
 * `inventory.organization-status`: which organisations are active, so a deactivated
 * organisation's members act for it in nothing here either (403 'Təşkilat deaktivdir').
 */
export function inventorySubscriptions(_context: EventSourcedContext): ConsumerGroup[] {
  return [organizationStatusGroup('inventory', 'inventory')];
}
