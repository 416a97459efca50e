import type { Knex } from 'knex';
import {
  ANNOUNCEMENT_EVENTS,
  type AnnouncementArchivedV1,
  type AnnouncementClosedV1,
  type AnnouncementCreatedV2,
  type AnnouncementDeletedV1,
  type AnnouncementEditedV2,
  type AnnouncementRenewedV1,
  type AnnouncementResolvedV1,
  type AnnouncementHandedOverV1,
  type AnnouncementSecurityQuestionsSetV1,
  type AnnouncementApprovedV1,
  type AnnouncementHeldForReviewV1,
  type AnnouncementHiddenV1,
  type AnnouncementReportedV1,
  type AnnouncementRestoredV1,
  photosOfEvent,
} from '@tapinti/contracts/announcements-events';
import { heldReasonOf } from '@tapinti/contracts/announcements-api';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { matchKeysOf } from '../domain/matching-policy';
import { placeColumnsOf } from '@tapinti/matching/search-columns';
import { searchColumnsOf } from '@tapinti/matching/search-columns';
import { rememberSearchTerms, REPORTS_TABLE, TABLE } from './queries';
import { isAuthorVerified } from './author-announcements';

/**
 * A review covers every report made before it: hiding upholds them, approving or restoring rejects
 * them (their reporters' standing, issue 21).
 */
async function markReportsReviewed(
  trx: Knex.Transaction,
  announcementId: string,
  outcome: 'upheld' | 'rejected',
): Promise<void> {
  await trx(REPORTS_TABLE)
    .where({ announcement_id: announcementId, reviewed: false })
    .update({ reviewed: true, outcome });
}

/** Applies one announcement event to the read model (inside the appending transaction). */
export async function projectAnnouncementEvent(trx: Knex.Transaction, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case ANNOUNCEMENT_EVENTS.created: {
      const p = event.payload as AnnouncementCreatedV2;
      const search = searchColumnsOf(p);
      await rememberSearchTerms(trx, search.search_terms);
      await trx(TABLE).insert({
        id: p.announcementId,
        user_id: p.userId,
        organization_id: p.organizationId,
        type: p.type,
        title: p.title,
        description: p.description,
        category: p.category,
        location: p.location,
        room_number: p.roomNumber,
        contact_info: p.contactInfo,
        image_url: p.imageUrl,
        image_urls: JSON.stringify(photosOfEvent(p)),
        reward_amount: p.rewardAmount,
        reward_description: p.rewardDescription,
        status: 'open',
        is_public: p.isPublic,
        is_active: true,
        created_at: p.createdAt,
        ...search,
        ...placeColumnsOf(p),
        match_keys: matchKeysOf(p),
        // Issue 15: the author's verified badge as auth's events last told (see user_contacts).
        author_verified: await isAuthorVerified(trx, p.userId),
      });
      return;
    }
    case ANNOUNCEMENT_EVENTS.archived: {
      const p = event.payload as AnnouncementArchivedV1;
      await trx(TABLE)
        .where({ id: p.announcementId })
        .update({ status: 'archived', is_active: false, archived_at: p.archivedAt });
      return;
    }
    case ANNOUNCEMENT_EVENTS.securityQuestionsSet: {
      const p = event.payload as AnnouncementSecurityQuestionsSetV1;
      await trx(TABLE)
        .where({ id: p.announcementId })
        .update({ security_questions: JSON.stringify(p.questions) });
      return;
    }
    case ANNOUNCEMENT_EVENTS.resolved: {
      const p = event.payload as AnnouncementResolvedV1;
      await trx(TABLE)
        .where({ id: p.announcementId })
        .update({ status: 'resolved', is_active: false, resolved_at: p.resolvedAt, outcome: 'returned' });
      return;
    }
    case ANNOUNCEMENT_EVENTS.handedOver: {
      const p = event.payload as AnnouncementHandedOverV1;
      await trx(TABLE)
        .where({ id: p.announcementId })
        .update({ handed_over_at: p.handedOverAt, outcome: 'returned' });
      return;
    }
    case ANNOUNCEMENT_EVENTS.edited: {
      const p = event.payload as AnnouncementEditedV2;
      const search = searchColumnsOf(p);
      await rememberSearchTerms(trx, search.search_terms);
      await trx(TABLE)
        .where({ id: p.announcementId })
        .update({
          title: p.title,
          description: p.description,
          category: p.category,
          location: p.location,
          room_number: p.roomNumber,
          contact_info: p.contactInfo,
          image_url: p.imageUrl,
          image_urls: JSON.stringify(photosOfEvent(p)),
          reward_amount: p.rewardAmount,
          reward_description: p.rewardDescription,
          is_public: p.isPublic,
          ...search,
          ...placeColumnsOf(p),
          match_keys: matchKeysOf(p),
        });
      return;
    }
    case ANNOUNCEMENT_EVENTS.closed: {
      const p = event.payload as AnnouncementClosedV1;
      await trx(TABLE)
        .where({ id: p.announcementId })
        .update({ status: 'resolved', is_active: false, resolved_at: p.closedAt, outcome: p.outcome });
      return;
    }
    case ANNOUNCEMENT_EVENTS.deleted: {
      const p = event.payload as AnnouncementDeletedV1;
      await trx(TABLE).where({ id: p.announcementId }).update({ is_active: false, deleted_at: p.deletedAt });
      return;
    }
    case ANNOUNCEMENT_EVENTS.renewed: {
      const p = event.payload as AnnouncementRenewedV1;
      await trx(TABLE)
        .where({ id: p.announcementId })
        .update({ status: 'open', is_active: true, archived_at: null, renewed_at: p.renewedAt });
      return;
    }
    case ANNOUNCEMENT_EVENTS.heldForReview: {
      const p = event.payload as AnnouncementHeldForReviewV1;
      await trx(TABLE)
        .where({ id: p.announcementId })
        .update({
          moderation_status: 'pending_review',
          moderation_reason: heldReasonOf(p.rules),
          moderation_rules: JSON.stringify(p.rules),
          moderated_at: p.heldAt,
        });
      return;
    }
    case ANNOUNCEMENT_EVENTS.approved: {
      const p = event.payload as AnnouncementApprovedV1;
      await trx(TABLE).where({ id: p.announcementId }).update({
        moderation_status: 'approved',
        moderation_reason: null,
        moderation_rules: null,
        moderated_at: p.approvedAt,
      });
      await markReportsReviewed(trx, p.announcementId, 'rejected');
      return;
    }
    case ANNOUNCEMENT_EVENTS.hidden: {
      const p = event.payload as AnnouncementHiddenV1;
      await trx(TABLE)
        .where({ id: p.announcementId })
        .update({ moderation_status: 'hidden', moderation_reason: p.reason, moderated_at: p.hiddenAt });
      await markReportsReviewed(trx, p.announcementId, 'upheld');
      return;
    }
    case ANNOUNCEMENT_EVENTS.restored: {
      const p = event.payload as AnnouncementRestoredV1;
      await trx(TABLE).where({ id: p.announcementId }).update({
        moderation_status: 'approved',
        moderation_reason: null,
        moderation_rules: null,
        moderated_at: p.restoredAt,
      });
      await markReportsReviewed(trx, p.announcementId, 'rejected');
      return;
    }
    case ANNOUNCEMENT_EVENTS.reported: {
      const p = event.payload as AnnouncementReportedV1;
      await trx(REPORTS_TABLE).insert({
        announcement_id: p.announcementId,
        reporter_id: p.reporterId,
        type: p.type,
        reported_at: p.reportedAt,
      });
      return;
    }
    default:
      return;
  }
}
