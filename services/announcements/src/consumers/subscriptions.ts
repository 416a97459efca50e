import { AUTH_EVENTS, userProfileUpdatedV1, userRegisteredV1 } from '@tapinti/contracts/auth-events';
import { REQUEST_EVENTS, requestStatusChangedV1 } from '@tapinti/contracts/requests-events';
import { on, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { requestStatusChanged } from './request-outcomes';
import { userProfileUpdated, userRegistered } from './user-contacts';

export const USER_CONTACTS_GROUP = 'announcements.user-contacts';
export const REQUEST_OUTCOMES_GROUP = 'announcements.request-outcomes';

/**
 * The announcements service's consumer groups (each batch of events is applied in one
 * transaction, once per event: see subscribeConsumerGroup):
 *
 * - `announcements.user-contacts`: users' e-mail and phone from auth events.
 * - `announcements.request-outcomes`: a request resolved_claimed resolves its announcement.
 */
export function announcementsSubscriptions(context: EventSourcedContext): ConsumerGroup[] {
  return [
    {
      groupId: USER_CONTACTS_GROUP,
      handlers: {
        [AUTH_EVENTS.registered]: { 1: on(userRegisteredV1, userRegistered) },
        [AUTH_EVENTS.profileUpdated]: { 1: on(userProfileUpdatedV1, userProfileUpdated) },
      },
    },
    {
      groupId: REQUEST_OUTCOMES_GROUP,
      handlers: {
        [REQUEST_EVENTS.statusChanged]: { 1: on(requestStatusChangedV1, requestStatusChanged(context)) },
      },
    },
  ];
}
