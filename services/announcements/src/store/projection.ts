import type { Knex } from 'knex';
import {
  ANNOUNCEMENT_EVENTS,
  type AnnouncementArchivedV1,
  type AnnouncementCreatedV1,
  type AnnouncementResolvedV1,
  type AnnouncementSecurityQuestionsSetV1,
} from '@tapinti/contracts/announcements-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { searchTextOf } from '../domain/search';
import { TABLE } from './queries';

/** Applies one announcement event to the read model (inside the appending transaction). */
export async function projectAnnouncementEvent(trx: Knex.Transaction, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case ANNOUNCEMENT_EVENTS.created: {
      const p = event.payload as AnnouncementCreatedV1;
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
        reward_amount: p.rewardAmount,
        reward_description: p.rewardDescription,
        status: 'open',
        is_public: p.isPublic,
        is_active: true,
        created_at: p.createdAt,
        search_text: searchTextOf(p),
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
        .update({ status: 'resolved', is_active: false, resolved_at: p.resolvedAt });
      return;
    }
    default:
      return;
  }
}
