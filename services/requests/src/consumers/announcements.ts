import type { Knex } from 'knex';
import type {
  AnnouncementCreatedV1,
  AnnouncementEditedV1,
  AnnouncementSecurityQuestionsSetV1,
} from '@tapinti/contracts/announcements-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import {
  DELETED_STATUS,
  insertAnnouncement,
  updateAnnouncement,
  type AnnouncementChanges,
} from '../store/announcements';

/**
 * This service's copy of announcements: who owns each one, its organisation, what a request
 * shows of it, whether it can be claimed (open, active, approved), and its security question texts.
 */
export async function announcementCreated(
  trx: Knex.Transaction,
  p: AnnouncementCreatedV1,
  event: EventEnvelope,
) {
  await insertAnnouncement(
    trx,
    {
      id: p.announcementId,
      userId: p.userId,
      organizationId: p.organizationId,
      type: p.type,
      title: p.title,
      roomNumber: p.roomNumber,
      isPublic: p.isPublic,
    },
    event.metadata.occurredAt,
  );
}

/** The question texts a claim must answer (never the expected answers: they are not in events). */
export async function securityQuestionsSet(
  trx: Knex.Transaction,
  p: AnnouncementSecurityQuestionsSetV1,
  event: EventEnvelope,
) {
  await updateAnnouncement(
    trx,
    p.announcementId,
    { securityQuestions: p.questions },
    event.metadata.occurredAt,
  );
}

/** What a request shows of it follows the edit (type, author and organisation never change). */
export async function announcementEdited(
  trx: Knex.Transaction,
  p: AnnouncementEditedV1,
  event: EventEnvelope,
) {
  await updateAnnouncement(
    trx,
    p.announcementId,
    { title: p.title, roomNumber: p.roomNumber, isPublic: p.isPublic },
    event.metadata.occurredAt,
  );
}

/** A handler that records fixed changes on the copy (only the event's announcement id matters). */
const changeTo =
  (changes: AnnouncementChanges) =>
  <P extends { announcementId: string }>(trx: Knex.Transaction, p: P, event: EventEnvelope) =>
    updateAnnouncement(trx, p.announcementId, changes, event.metadata.occurredAt);

export const announcementArchived = changeTo({ status: 'archived', isActive: false });
export const announcementResolved = changeTo({ status: 'resolved', isActive: false });
/** Closed by its author: like `resolved`, no new claims (409); open ones stay for the handler. */
export const announcementClosed = changeTo({ status: 'resolved', isActive: false });
/** Gone for new claims (404); the row stays so existing claims keep its title. */
export const announcementDeleted = changeTo({ status: DELETED_STATUS, isActive: false });
/** An archived announcement is open again, so it can be claimed again. */
export const announcementRenewed = changeTo({ status: 'open', isActive: true });
/**
 * Moderation: a held or hidden announcement is as unknown to others (404 on a claim) until a
 * super admin approves or restores it; claims already filed stay with their handler.
 */
export const announcementHeldForReview = changeTo({ approved: false });
export const announcementApproved = changeTo({ approved: true });
export const announcementHidden = changeTo({ approved: false });
export const announcementRestored = changeTo({ approved: true });
