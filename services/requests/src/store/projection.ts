import type { Projector } from '@tapinti/eventstore/event-sourcing';
import {
  REQUEST_EVENTS,
  type RequestFiledV1,
  type RequestStatusChangedV1,
} from '@tapinti/contracts/requests-events';
import { REQUESTS } from './queries';

/** The `requests` read model follows this service's events, in the appending transaction. */
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
      return;
    }
    default:
      return;
  }
};
