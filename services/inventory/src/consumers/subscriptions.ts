import {
  ORGANIZATION_EVENTS,
  organizationCreatedV1,
  organizationUpdatedV1,
  subscriptionPlanChangedV1,
  subscriptionStartedV1,
} from '@tapinti/contracts/organizations-events';
import {
  REQUEST_EVENTS,
  requestHandedOverV1,
  requestStatusChangedV1,
} from '@tapinti/contracts/requests-events';
import { on, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import { organizationStatusGroup } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { claimAccepted, claimHandedOver } from './claims';
import { organizationCreated, organizationUpdated } from './organization-names';
import { subscriptionPlanChanged, subscriptionStarted } from './organization-plans';

export const CLAIMS_GROUP = 'inventory.claims';
export const ORGANIZATION_NAMES_GROUP = 'inventory.organization-names';
export const ORGANIZATION_PLANS_GROUP = 'inventory.organization-plans';

/**
 * - `inventory.organization-status`: which organisations are active, so a deactivated
 *   organisation's members act for it in nothing here either (403 'Təşkilat deaktivdir').
 * - `inventory.claims`: claims on an item's public listing (the requests service's events): an
 *   accepted claim makes the item `claimed`, the owner's confirmed hand-over code `returned`.
 * - `inventory.organization-names`: each organisation's name, printed on hand-over receipts.
 * - `inventory.organization-plans`: each organisation's plan, whose limits intake, storage places
 *   and labels keep (issue 25 point 8).
 */
export function inventorySubscriptions(context: EventSourcedContext): ConsumerGroup[] {
  return [
    organizationStatusGroup('inventory', 'inventory'),
    {
      groupId: CLAIMS_GROUP,
      handlers: {
        [REQUEST_EVENTS.statusChanged]: { 1: on(requestStatusChangedV1, claimAccepted(context)) },
        [REQUEST_EVENTS.handedOver]: { 1: on(requestHandedOverV1, claimHandedOver(context)) },
      },
    },
    {
      groupId: ORGANIZATION_NAMES_GROUP,
      handlers: {
        [ORGANIZATION_EVENTS.created]: { 1: on(organizationCreatedV1, organizationCreated) },
        [ORGANIZATION_EVENTS.updated]: { 1: on(organizationUpdatedV1, organizationUpdated) },
      },
    },
    {
      groupId: ORGANIZATION_PLANS_GROUP,
      handlers: {
        [ORGANIZATION_EVENTS.subscriptionStarted]: { 1: on(subscriptionStartedV1, subscriptionStarted) },
        [ORGANIZATION_EVENTS.subscriptionPlanChanged]: {
          1: on(subscriptionPlanChangedV1, subscriptionPlanChanged),
        },
      },
    },
  ];
}
