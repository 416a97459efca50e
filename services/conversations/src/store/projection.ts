import {
  CONVERSATION_EVENTS,
  type ContactSharedV1,
  type ConversationOpenedV1,
  type ConversationReportedV1,
  type MessagePostedV1,
} from '@tapinti/contracts/conversations-events';
import type { Projector } from '@tapinti/eventstore/event-sourcing';
import { TABLES } from './tables';

/** The read models follow this service's events, in the appending transaction. */
export const project: Projector = async (trx, event) => {
  switch (event.type) {
    case CONVERSATION_EVENTS.opened: {
      const p = event.payload as ConversationOpenedV1;
      await trx(TABLES.conversations).insert({
        id: p.conversationId,
        subject: p.subject,
        subject_id: p.subjectId,
        announcement_id: p.announcementId,
        claimant_user_id: p.claimantUserId,
        holder_user_id: p.holderUserId,
        holder_organization_id: p.holderOrganizationId,
        opened_at: p.openedAt,
      });
      return;
    }
    case CONVERSATION_EVENTS.messagePosted: {
      const p = event.payload as MessagePostedV1;
      await trx(TABLES.messages).insert({
        id: p.messageId,
        conversation_id: p.conversationId,
        sender_user_id: p.senderUserId,
        side: p.senderSide,
        posted_at: p.postedAt,
      });
      return;
    }
    case CONVERSATION_EVENTS.contactShared: {
      const p = event.payload as ContactSharedV1;
      await trx(TABLES.sharedContacts).insert({
        conversation_id: p.conversationId,
        user_id: p.userId,
        contact: p.contact,
        side: p.side,
        shared_at: p.sharedAt,
      });
      return;
    }
    case CONVERSATION_EVENTS.reported: {
      const p = event.payload as ConversationReportedV1;
      await trx(TABLES.reports).insert({
        conversation_id: p.conversationId,
        reported_by: p.reportedBy,
        side: p.side,
        reason: p.reason,
        reported_at: p.reportedAt,
      });
      return;
    }
  }
};
