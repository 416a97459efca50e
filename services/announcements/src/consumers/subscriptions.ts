import {
  ANNOUNCEMENT_EVENTS,
  announcementApprovedV1Schema,
  announcementArchivedV1Schema,
  announcementClosedV1Schema,
  announcementCreatedV1Schema,
  announcementCreatedV2Schema,
  announcementDeletedV1Schema,
  announcementEditedV1Schema,
  announcementEditedV2Schema,
  announcementHeldForReviewV1Schema,
  announcementHiddenV1Schema,
  announcementRenewedV1Schema,
  announcementResolvedV1Schema,
  announcementRestoredV1Schema,
} from '@tapinti/contracts/announcements-events';
import {
  AUTH_EVENTS,
  emailVerifiedV1,
  phoneVerifiedV1,
  userDeletedV1,
  userPurgedV1,
  userProfileUpdatedV1,
  userRegisteredV1,
} from '@tapinti/contracts/auth-events';
import {
  INVENTORY_EVENTS,
  itemDisposedV1,
  itemLoggedV1,
  itemLoggedV2,
  itemLoggedV3,
  itemReturnedV1,
} from '@tapinti/contracts/inventory-events';
import {
  REQUEST_EVENTS,
  requestHandedOverV1,
  requestStatusChangedV1,
} from '@tapinti/contracts/requests-events';
import { VENUE_CHECK_EVENTS, venueCheckAskedV1 } from '@tapinti/contracts/venue-checks-events';
import type { z } from 'zod';
import { on, onPrepared, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import { organizationStatusGroup } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { emailChanged, emailVerified } from './author-verification';
import { userDeleted, userPurged } from './deleted-accounts';
import { itemLeftRegister, itemLogged } from './inventory-listings';
import { matchAnnouncement, unmatchAnnouncement } from './matching';
import { requestHandedOver, requestStatusChanged } from './request-outcomes';
import { phoneVerified, userProfileUpdated, userRegistered } from './user-contacts';
import { recordVenueCheckPair } from '../store/venue-checks';

export const USER_CONTACTS_GROUP = 'announcements.user-contacts';
export const REQUEST_OUTCOMES_GROUP = 'announcements.request-outcomes';
export const MATCHING_GROUP = 'announcements.matching';
export const DELETED_ACCOUNTS_GROUP = 'announcements.deleted-accounts';
export const INVENTORY_LISTINGS_GROUP = 'announcements.inventory-listings';
export const VENUE_CHECKS_GROUP = 'announcements.venue-checks';

/**
 * The announcements service's consumer groups (each batch of events is applied in one
 * transaction, once per event: see subscribeConsumerGroup):
 *
 * - `announcements.organization-status`: which organisations are active (issue 21): a
 *   deactivated one's items leave the public reads and its admins act for it in nothing.
 * - `announcements.user-contacts`: users' e-mail and phone from auth events, whether the
 *   e-mail is verified (the announcements' verified badge, issue 15), and when they registered and
 *   whether their phone is verified (a reporter's standing, issue 21).
 * - `announcements.request-outcomes`: a request resolved_claimed resolves its announcement; a
 *   confirmed hand-over marks it handed over.
 * - `announcements.matching`: this service's own announcements, matched lost ↔ found when posted,
 *   edited or renewed, and out of every match list when closed, deleted, archived or resolved;
 *   matched anew when moderation holds, hides, approves or restores it (only an approved one is
 *   offered to others or told about).
 * - `announcements.inventory-listings`: an organisation's logged item is listed as its found
 *   announcement (issue 25), closed when the item leaves the register.
 * - `announcements.venue-checks`: which organisations were asked about which lost post (issue 26
 *   point 1), so an asked venue may read it and its candidates.
 */
export function announcementsSubscriptions(context: EventSourcedContext): ConsumerGroup[] {
  const matching = matchAnnouncement(context);
  const matchWith = <S extends z.ZodType<{ announcementId: string }>>(schema: S) =>
    onPrepared(schema, matching.prepare, matching.handle);
  return [
    organizationStatusGroup('announcements', 'announcements'),
    {
      groupId: USER_CONTACTS_GROUP,
      handlers: {
        [AUTH_EVENTS.registered]: { 1: on(userRegisteredV1, userRegistered) },
        [AUTH_EVENTS.profileUpdated]: {
          1: on(userProfileUpdatedV1, async (trx, p, event) => {
            await userProfileUpdated(trx, p, event);
            await emailChanged(trx, p, event);
          }),
        },
        [AUTH_EVENTS.emailVerified]: { 1: on(emailVerifiedV1, emailVerified) },
        [AUTH_EVENTS.phoneVerified]: { 1: on(phoneVerifiedV1, phoneVerified) },
      },
    },
    {
      // Issue 15: a deleted account's announcements are deleted with it.
      groupId: DELETED_ACCOUNTS_GROUP,
      handlers: {
        [AUTH_EVENTS.deleted]: { 1: on(userDeletedV1, userDeleted(context)) },
        [AUTH_EVENTS.purged]: { 1: on(userPurgedV1, userPurged) },
      },
    },
    {
      groupId: REQUEST_OUTCOMES_GROUP,
      handlers: {
        [REQUEST_EVENTS.statusChanged]: { 1: on(requestStatusChangedV1, requestStatusChanged(context)) },
        [REQUEST_EVENTS.handedOver]: { 1: on(requestHandedOverV1, requestHandedOver(context)) },
      },
    },
    {
      groupId: VENUE_CHECKS_GROUP,
      handlers: {
        [VENUE_CHECK_EVENTS.asked]: { 1: on(venueCheckAskedV1, (trx, p) => recordVenueCheckPair(trx, p)) },
      },
    },
    {
      groupId: INVENTORY_LISTINGS_GROUP,
      handlers: {
        [INVENTORY_EVENTS.itemLogged]: {
          1: on(itemLoggedV1, itemLogged(context)),
          2: on(itemLoggedV2, itemLogged(context)),
          3: on(itemLoggedV3, itemLogged(context)),
        },
        [INVENTORY_EVENTS.itemDisposed]: {
          1: on(itemDisposedV1, itemLeftRegister(context, 'no_longer_needed')),
        },
        [INVENTORY_EVENTS.itemReturned]: { 1: on(itemReturnedV1, itemLeftRegister(context, 'returned')) },
      },
    },
    {
      groupId: MATCHING_GROUP,
      handlers: {
        [ANNOUNCEMENT_EVENTS.created]: {
          1: matchWith(announcementCreatedV1Schema),
          2: matchWith(announcementCreatedV2Schema),
        },
        [ANNOUNCEMENT_EVENTS.edited]: {
          1: matchWith(announcementEditedV1Schema),
          2: matchWith(announcementEditedV2Schema),
        },
        [ANNOUNCEMENT_EVENTS.renewed]: { 1: matchWith(announcementRenewedV1Schema) },
        [ANNOUNCEMENT_EVENTS.archived]: { 1: on(announcementArchivedV1Schema, unmatchAnnouncement) },
        [ANNOUNCEMENT_EVENTS.resolved]: { 1: on(announcementResolvedV1Schema, unmatchAnnouncement) },
        [ANNOUNCEMENT_EVENTS.closed]: { 1: on(announcementClosedV1Schema, unmatchAnnouncement) },
        [ANNOUNCEMENT_EVENTS.deleted]: { 1: on(announcementDeletedV1Schema, unmatchAnnouncement) },
        [ANNOUNCEMENT_EVENTS.heldForReview]: {
          1: matchWith(announcementHeldForReviewV1Schema),
        },
        [ANNOUNCEMENT_EVENTS.hidden]: { 1: matchWith(announcementHiddenV1Schema) },
        [ANNOUNCEMENT_EVENTS.approved]: { 1: matchWith(announcementApprovedV1Schema) },
        [ANNOUNCEMENT_EVENTS.restored]: { 1: matchWith(announcementRestoredV1Schema) },
      },
    },
  ];
}
