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
import { AUTH_EVENTS, invitationAcceptedV1, invitationAcceptedV2 } from '@tapinti/contracts/auth-events';
import {
  answerDeadlineSetV1,
  REQUEST_EVENTS,
  requestHandedOverV1,
  requestStatusChangedV1,
} from '@tapinti/contracts/requests-events';
import {
  VENUE_CHECK_EVENTS,
  venueCheckAnsweredV1,
  venueCheckAskedV1,
} from '@tapinti/contracts/venue-checks-events';
import { on, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createInvitationAcceptance } from '../application/invitation-acceptance';
import {
  announcementArchived,
  announcementClosed,
  announcementCreated,
  announcementDeleted,
  announcementEdited,
  announcementModerated,
  announcementRenewed,
  announcementResolved,
} from '../store/organization-announcements';
import { deadlineAnswered, deadlineFiled, venueClaimReturned } from '../store/venues';

export const INVITATION_ACCEPTANCES_GROUP = 'organizations.invitation-acceptances';
export const ORGANIZATION_ANNOUNCEMENTS_GROUP = 'organizations.organization-announcements';
export const VENUE_SCORECARDS_GROUP = 'organizations.venue-scorecards';

/**
 * The organizations service's consumer groups (each batch in one transaction, each event once):
 *
 * - `organizations.invitation-acceptances`: `auth.invitation.accepted` → `organizations.invitation.accepted`
 *   on the invitation's stream (the organisation's members, and its admin count, follow it).
 * - `organizations.organization-announcements`: `announcements.announcement.created|archived|resolved|edited|closed|deleted|renewed|held-for-review|approved|hidden|restored`
 *   of organisations → the list their admins see and the venue page's items (this service never
 *   reads another's tables).
 * - `organizations.venue-scorecards` (issue 26): `requests.request.answer-deadline-set|status-changed|handed-over`
 *   and `requests.venue-check.asked|answered` → `venue_claims`, the facts of each venue page's scorecard.
 */
export function subscriptions(context: EventSourcedContext): ConsumerGroup[] {
  const acceptInvitation = createInvitationAcceptance(context);
  return [
    {
      groupId: VENUE_SCORECARDS_GROUP,
      handlers: {
        [REQUEST_EVENTS.answerDeadlineSet]: {
          1: on(answerDeadlineSetV1, (trx, p) => deadlineFiled(trx, { id: p.requestId, ...p })),
        },
        [REQUEST_EVENTS.statusChanged]: {
          1: on(requestStatusChangedV1, (trx, p) => deadlineAnswered(trx, p.requestId, p.handledAt)),
        },
        [REQUEST_EVENTS.handedOver]: { 1: on(requestHandedOverV1, venueClaimReturned) },
        [VENUE_CHECK_EVENTS.asked]: {
          1: on(venueCheckAskedV1, (trx, p) =>
            deadlineFiled(trx, { id: p.venueCheckId, filedAt: p.askedAt, ...p }),
          ),
        },
        [VENUE_CHECK_EVENTS.answered]: {
          1: on(venueCheckAnsweredV1, (trx, p) => deadlineAnswered(trx, p.venueCheckId, p.answeredAt)),
        },
      },
    },
    {
      groupId: INVITATION_ACCEPTANCES_GROUP,
      handlers: {
        [AUTH_EVENTS.invitationAccepted]: {
          1: on(invitationAcceptedV1, acceptInvitation),
          2: on(invitationAcceptedV2, acceptInvitation),
        },
      },
    },
    {
      groupId: ORGANIZATION_ANNOUNCEMENTS_GROUP,
      handlers: {
        [ANNOUNCEMENT_EVENTS.created]: {
          1: on(announcementCreatedV1Schema, (trx, p) => announcementCreated(trx, p)),
          2: on(announcementCreatedV2Schema, (trx, p) => announcementCreated(trx, p)),
        },
        [ANNOUNCEMENT_EVENTS.archived]: {
          1: on(announcementArchivedV1Schema, (trx, p) => announcementArchived(trx, p)),
        },
        [ANNOUNCEMENT_EVENTS.resolved]: {
          1: on(announcementResolvedV1Schema, (trx, p) => announcementResolved(trx, p)),
        },
        [ANNOUNCEMENT_EVENTS.edited]: {
          1: on(announcementEditedV1Schema, (trx, p) => announcementEdited(trx, p)),
          2: on(announcementEditedV2Schema, (trx, p) => announcementEdited(trx, p)),
        },
        [ANNOUNCEMENT_EVENTS.closed]: {
          1: on(announcementClosedV1Schema, (trx, p) => announcementClosed(trx, p)),
        },
        [ANNOUNCEMENT_EVENTS.deleted]: {
          1: on(announcementDeletedV1Schema, (trx, p) => announcementDeleted(trx, p)),
        },
        [ANNOUNCEMENT_EVENTS.renewed]: {
          1: on(announcementRenewedV1Schema, (trx, p) => announcementRenewed(trx, p)),
        },
        [ANNOUNCEMENT_EVENTS.heldForReview]: {
          1: on(announcementHeldForReviewV1Schema, (trx, p) => announcementModerated(trx, p, false)),
        },
        [ANNOUNCEMENT_EVENTS.approved]: {
          1: on(announcementApprovedV1Schema, (trx, p) => announcementModerated(trx, p, true)),
        },
        [ANNOUNCEMENT_EVENTS.hidden]: {
          1: on(announcementHiddenV1Schema, (trx, p) => announcementModerated(trx, p, false)),
        },
        [ANNOUNCEMENT_EVENTS.restored]: {
          1: on(announcementRestoredV1Schema, (trx, p) => announcementModerated(trx, p, true)),
        },
      },
    },
  ];
}
