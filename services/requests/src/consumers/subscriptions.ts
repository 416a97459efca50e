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
  announcementSecurityQuestionsSetV1Schema,
} from '@tapinti/contracts/announcements-events';
import {
  AUTH_EVENTS,
  emailVerifiedV1,
  userProfileUpdatedV1,
  userRegisteredV1,
} from '@tapinti/contracts/auth-events';
import {
  ORGANIZATION_EVENTS,
  organizationCreatedV1,
  organizationUpdatedV1,
  subscriptionPlanChangedV1,
  subscriptionStartedV1,
  venueProfileSetV1,
} from '@tapinti/contracts/organizations-events';
import { on, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import { organizationStatusGroup } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import {
  announcementApproved,
  announcementArchived,
  announcementClosed,
  announcementCreated,
  announcementDeleted,
  announcementEdited,
  announcementHeldForReview,
  announcementHidden,
  announcementRenewed,
  announcementResolved,
  announcementRestored,
  securityQuestionsSet,
} from './announcements';
import { userEmailVerified, userProfileUpdated, userRegistered } from './users';
import * as venueTerms from './venue-terms';

export const ANNOUNCEMENTS_GROUP = 'requests.announcements';
export const USERS_GROUP = 'requests.users';
export const VENUE_TERMS_GROUP = 'requests.venue-terms';

/**
 * The requests service's consumer groups (each batch of events is applied in one transaction,
 * once per event: see subscribeConsumerGroup):
 *
 * - `requests.announcements`: its copy of announcements (owner, organisation, status, moderation,
 *   questions).
 * - `requests.users`: claimants' usernames and contacts, for their handlers; whether an account's
 *   e-mail is verified (complaint mail goes only to a verified address).
 * - `requests.venue-terms` (issue 26): each organisation's plan, working hours and name, from which
 *   a claim's answer deadline is computed.
 */
export function requestsSubscriptions(_context: EventSourcedContext): ConsumerGroup[] {
  return [
    organizationStatusGroup('requests', 'requests'),
    {
      groupId: ANNOUNCEMENTS_GROUP,
      handlers: {
        [ANNOUNCEMENT_EVENTS.created]: {
          1: on(announcementCreatedV1Schema, announcementCreated),
          2: on(announcementCreatedV2Schema, announcementCreated),
        },
        [ANNOUNCEMENT_EVENTS.archived]: { 1: on(announcementArchivedV1Schema, announcementArchived) },
        [ANNOUNCEMENT_EVENTS.securityQuestionsSet]: {
          1: on(announcementSecurityQuestionsSetV1Schema, securityQuestionsSet),
        },
        [ANNOUNCEMENT_EVENTS.resolved]: { 1: on(announcementResolvedV1Schema, announcementResolved) },
        [ANNOUNCEMENT_EVENTS.edited]: {
          1: on(announcementEditedV1Schema, announcementEdited),
          2: on(announcementEditedV2Schema, announcementEdited),
        },
        [ANNOUNCEMENT_EVENTS.closed]: { 1: on(announcementClosedV1Schema, announcementClosed) },
        [ANNOUNCEMENT_EVENTS.deleted]: { 1: on(announcementDeletedV1Schema, announcementDeleted) },
        [ANNOUNCEMENT_EVENTS.renewed]: { 1: on(announcementRenewedV1Schema, announcementRenewed) },
        [ANNOUNCEMENT_EVENTS.heldForReview]: {
          1: on(announcementHeldForReviewV1Schema, announcementHeldForReview),
        },
        [ANNOUNCEMENT_EVENTS.approved]: { 1: on(announcementApprovedV1Schema, announcementApproved) },
        [ANNOUNCEMENT_EVENTS.hidden]: { 1: on(announcementHiddenV1Schema, announcementHidden) },
        [ANNOUNCEMENT_EVENTS.restored]: { 1: on(announcementRestoredV1Schema, announcementRestored) },
      },
    },
    {
      groupId: USERS_GROUP,
      handlers: {
        [AUTH_EVENTS.registered]: { 1: on(userRegisteredV1, userRegistered) },
        [AUTH_EVENTS.profileUpdated]: { 1: on(userProfileUpdatedV1, userProfileUpdated) },
        [AUTH_EVENTS.emailVerified]: { 1: on(emailVerifiedV1, userEmailVerified) },
      },
    },
    {
      groupId: VENUE_TERMS_GROUP,
      handlers: {
        [ORGANIZATION_EVENTS.created]: { 1: on(organizationCreatedV1, venueTerms.organizationCreated) },
        [ORGANIZATION_EVENTS.updated]: { 1: on(organizationUpdatedV1, venueTerms.organizationUpdated) },
        [ORGANIZATION_EVENTS.subscriptionStarted]: {
          1: on(subscriptionStartedV1, venueTerms.subscriptionStarted),
        },
        [ORGANIZATION_EVENTS.subscriptionPlanChanged]: {
          1: on(subscriptionPlanChangedV1, venueTerms.subscriptionPlanChanged),
        },
        [ORGANIZATION_EVENTS.venueProfileSet]: { 1: on(venueProfileSetV1, venueTerms.venueProfileSet) },
      },
    },
  ];
}
