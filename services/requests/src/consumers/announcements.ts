import type { Knex } from 'knex';
import type {
  AnnouncementArchivedV1,
  AnnouncementClosedV1,
  AnnouncementCreatedV1,
  AnnouncementDeletedV1,
  AnnouncementEditedV1,
  AnnouncementRenewedV1,
  AnnouncementResolvedV1,
  AnnouncementSecurityQuestionsSetV1,
} from '@tapinti/contracts/announcements-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { DELETED_STATUS, insertAnnouncement, updateAnnouncement } from '../store/announcements';

/**
 * This service's copy of announcements: who owns each one, its organisation, what a request
 * shows of it, whether it can be claimed, and its security question texts.
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

export async function announcementArchived(
  trx: Knex.Transaction,
  p: AnnouncementArchivedV1,
  event: EventEnvelope,
) {
  await updateAnnouncement(
    trx,
    p.announcementId,
    { status: 'archived', isActive: false },
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

export async function announcementResolved(
  trx: Knex.Transaction,
  p: AnnouncementResolvedV1,
  event: EventEnvelope,
) {
  await updateAnnouncement(
    trx,
    p.announcementId,
    { status: 'resolved', isActive: false },
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

/** Closed by its author: like `resolved`, no new claims (409); open ones stay for the handler. */
export async function announcementClosed(
  trx: Knex.Transaction,
  p: AnnouncementClosedV1,
  event: EventEnvelope,
) {
  await updateAnnouncement(
    trx,
    p.announcementId,
    { status: 'resolved', isActive: false },
    event.metadata.occurredAt,
  );
}

/** Gone for new claims (404); the row stays so existing claims keep its title. */
export async function announcementDeleted(
  trx: Knex.Transaction,
  p: AnnouncementDeletedV1,
  event: EventEnvelope,
) {
  await updateAnnouncement(
    trx,
    p.announcementId,
    { status: DELETED_STATUS, isActive: false },
    event.metadata.occurredAt,
  );
}

/** An archived announcement is open again, so it can be claimed again. */
export async function announcementRenewed(
  trx: Knex.Transaction,
  p: AnnouncementRenewedV1,
  event: EventEnvelope,
) {
  await updateAnnouncement(
    trx,
    p.announcementId,
    { status: 'open', isActive: true },
    event.metadata.occurredAt,
  );
}
