import { AUTH_EVENTS, userProfileUpdatedV1, userRegisteredV1 } from '@tapinti/contracts/auth-events';
import { on, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { userProfileUpdated, userRegistered } from './user-contacts';

export const USER_CONTACTS_GROUP = 'announcements.user-contacts';

/**
 * The announcements service's consumer groups (each batch of events is applied in one
 * transaction, once per event: see subscribeConsumerGroup):
 *
 * - `announcements.user-contacts`: users' e-mail and phone from auth events.
 */
export function announcementsSubscriptions(_context: EventSourcedContext): ConsumerGroup[] {
  return [
    {
      groupId: USER_CONTACTS_GROUP,
      handlers: {
        [AUTH_EVENTS.registered]: { 1: on(userRegisteredV1, userRegistered) },
        [AUTH_EVENTS.profileUpdated]: { 1: on(userProfileUpdatedV1, userProfileUpdated) },
      },
    },
  ];
}
