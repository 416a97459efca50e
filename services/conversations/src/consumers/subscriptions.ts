import {
  AUTH_EVENTS,
  userProfileUpdatedV1,
  userPurgedV1,
  userRegisteredV1,
} from '@tapinti/contracts/auth-events';
import { REQUEST_EVENTS, requestFiledV1 } from '@tapinti/contracts/requests-events';
import { on, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import { organizationStatusGroup } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { forgetUser, upsertUser } from '../store/users';
import { claimFiled } from './claims';

export const CLAIMS_GROUP = 'conversations.claims';
export const USERS_GROUP = 'conversations.users';

/**
 * The conversations service's consumer groups (each batch applied in one transaction, once per
 * event):
 *
 * - `conversations.claims`: a filed claim opens its conversation (the claim names both sides).
 * - `conversations.users`: usernames (to name senders) and contacts (copied when shared).
 * - `conversations.organization-status`: a deactivated organisation's staff act in nothing.
 */
export function conversationsSubscriptions(context: EventSourcedContext): ConsumerGroup[] {
  return [
    organizationStatusGroup('conversations', 'conversations'),
    {
      groupId: CLAIMS_GROUP,
      handlers: { [REQUEST_EVENTS.filed]: { 1: on(requestFiledV1, claimFiled(context)) } },
    },
    {
      groupId: USERS_GROUP,
      handlers: {
        [AUTH_EVENTS.registered]: {
          1: on(userRegisteredV1, (trx, p, event) =>
            upsertUser(
              trx,
              p.userId,
              { username: p.username, email: p.email, phone: p.phone },
              event.metadata.occurredAt,
            ),
          ),
        },
        [AUTH_EVENTS.profileUpdated]: {
          1: on(userProfileUpdatedV1, (trx, p, event) =>
            upsertUser(trx, p.userId, p.after, event.metadata.occurredAt),
          ),
        },
        [AUTH_EVENTS.purged]: { 1: on(userPurgedV1, (trx, p) => forgetUser(trx, p.userId)) },
      },
    },
  ];
}
