import type { Knex } from 'knex';
import type { Projector } from '@tapinti/eventstore/event-sourcing';
import {
  REQUEST_EVENTS,
  type AnswerDeadlineSetV1,
  type AnswerReminderDueV1,
  type ComplaintFiledV1,
  type ComplaintRepliedV1,
  type ComplaintStatusChangedV1,
  type HandoverCodeIssuedV1,
  type HandoverFailedAttemptV1,
  type HandoverLockedV1,
  type RequestFiledV1,
  type RequestHandedOverV1,
  type RequestStatusChangedV1,
} from '@tapinti/contracts/requests-events';
import {
  VENUE_CHECK_EVENTS,
  type VenueCheckAnsweredV1,
  type VenueCheckAnswerReminderDueV1,
  type VenueCheckAskedV1,
  type VenueCheckSeenV1,
} from '@tapinti/contracts/venue-checks-events';
import { ANSWER_DEADLINES } from './answer-deadlines';
import { COMPLAINTS, sequenceOf } from './complaints';
import { HANDOVERS } from './handovers';
import { REQUESTS } from './queries';
import { insertVenueCheck, markVenueCheckSeen, recordVenueCheckAnswer } from './venue-checks';

/** The `requests` read model follows this service's events, in the appending transaction. */

/** A deadline's reminder or escalation, stamped on its row (a claim's or a venue check's). */
async function stampDeadline(
  trx: Knex.Transaction,
  id: string,
  stamp: { reminded_at: string } | { overdue_at: string },
): Promise<void> {
  await trx(ANSWER_DEADLINES).where({ request_id: id }).update(stamp);
}

export const project: Projector = async (trx, event) => {
  switch (event.type) {
    case REQUEST_EVENTS.filed: {
      const p = event.payload as RequestFiledV1;
      await trx(REQUESTS).insert({
        id: p.requestId,
        announcement_id: p.announcementId,
        organization_id: p.organizationId,
        user_id: p.userId,
        handler_user_id: p.handlerUserId,
        contact_method: p.contactMethod,
        status: p.status,
        created_at: p.createdAt,
      });
      return;
    }
    case REQUEST_EVENTS.statusChanged: {
      const p = event.payload as RequestStatusChangedV1;
      await trx(REQUESTS)
        .where({ id: p.requestId })
        .update({ status: p.to, handled_by: p.handledBy, handled_at: p.handledAt });
      // The first answer stops the deadline's clock (issue 26).
      await trx(ANSWER_DEADLINES)
        .where({ request_id: p.requestId })
        .whereNull('first_answered_at')
        .update({ first_answered_at: p.handledAt });
      return;
    }
    case REQUEST_EVENTS.answerDeadlineSet: {
      const p = event.payload as AnswerDeadlineSetV1;
      await trx(ANSWER_DEADLINES).insert({
        request_id: p.requestId,
        announcement_id: p.announcementId,
        organization_id: p.organizationId,
        filed_at: p.filedAt,
        remind_at: p.remindAt,
        due_at: p.dueAt,
      });
      return;
    }
    case REQUEST_EVENTS.answerReminderDue: {
      const p = event.payload as AnswerReminderDueV1;
      return stampDeadline(trx, p.requestId, { reminded_at: p.at });
    }
    case REQUEST_EVENTS.answerOverdue: {
      const p = event.payload as AnswerReminderDueV1;
      return stampDeadline(trx, p.requestId, { overdue_at: p.at });
    }
    case REQUEST_EVENTS.handoverCodeIssued: {
      const p = event.payload as HandoverCodeIssuedV1;
      const row = {
        announcement_id: p.announcementId,
        owner_user_id: p.ownerUserId,
        finder_user_id: p.finderUserId,
        finder_organization_id: p.finderOrganizationId,
        generation: p.generation,
        failed_attempts: 0,
        locked: false,
        issued_at: p.issuedAt,
      };
      await trx(HANDOVERS)
        .insert({ request_id: p.requestId, ...row })
        .onConflict('request_id')
        .merge(row);
      return;
    }
    case REQUEST_EVENTS.handoverFailedAttempt: {
      const p = event.payload as HandoverFailedAttemptV1;
      await trx(HANDOVERS).where({ request_id: p.requestId }).update({ failed_attempts: p.failedAttempts });
      return;
    }
    case REQUEST_EVENTS.handoverLocked: {
      const p = event.payload as HandoverLockedV1;
      await trx(HANDOVERS).where({ request_id: p.requestId }).update({ locked: true });
      return;
    }
    case REQUEST_EVENTS.handedOver: {
      const p = event.payload as RequestHandedOverV1;
      await trx(HANDOVERS)
        .where({ request_id: p.requestId })
        .update({ handed_over_at: p.handedOverAt, confirmed_by: p.confirmedBy });
      return;
    }
    case REQUEST_EVENTS.complaintFiled: {
      const p = event.payload as ComplaintFiledV1;
      await trx(COMPLAINTS).insert({
        id: p.complaintId,
        sequence: sequenceOf(p.number),
        number: p.number,
        type: p.type,
        announcement_id: p.announcementId,
        user_id: p.userId,
        contact_email: p.contactEmail,
        status: p.status,
        created_at: p.createdAt,
        updated_at: p.createdAt,
      });
      return;
    }
    case REQUEST_EVENTS.complaintStatusChanged: {
      const p = event.payload as ComplaintStatusChangedV1;
      await trx(COMPLAINTS).where({ id: p.complaintId }).update({ status: p.to, updated_at: p.changedAt });
      return;
    }
    case REQUEST_EVENTS.complaintReplied: {
      const p = event.payload as ComplaintRepliedV1;
      await trx(COMPLAINTS).where({ id: p.complaintId }).update({
        reply: p.reply,
        replied_by: p.repliedBy,
        replied_at: p.repliedAt,
        updated_at: p.repliedAt,
      });
      return;
    }
    case VENUE_CHECK_EVENTS.asked:
      return insertVenueCheck(trx, event.payload as VenueCheckAskedV1);
    case VENUE_CHECK_EVENTS.seen:
      return markVenueCheckSeen(trx, event.payload as VenueCheckSeenV1);
    case VENUE_CHECK_EVENTS.answered:
      return recordVenueCheckAnswer(trx, event.payload as VenueCheckAnsweredV1);
    case VENUE_CHECK_EVENTS.answerReminderDue: {
      const p = event.payload as VenueCheckAnswerReminderDueV1;
      return stampDeadline(trx, p.venueCheckId, { reminded_at: p.at });
    }
    case VENUE_CHECK_EVENTS.answerOverdue: {
      const p = event.payload as VenueCheckAnswerReminderDueV1;
      return stampDeadline(trx, p.venueCheckId, { overdue_at: p.at });
    }
    default:
      return;
  }
};
