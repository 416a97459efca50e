import {
  MATCH_MESSAGES,
  MAX_ANNOUNCEMENT_MATCHES,
  type AnnouncementMatch,
} from '@tapinti/contracts/announcements-api';
import { ForbiddenError, NotFoundError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { ANNOUNCEMENT_MESSAGES, canManage } from '../domain/announcement';
import { OBJECT_ID } from '../domain/photo';
import { listMatches } from '../store/matches';
import { findDetails } from '../store/queries';

/** An announcement's matches, for those who manage it. */
export function createMatches(context: Pick<EventSourcedContext, 'knex'>) {
  const { knex } = context;
  return {
    /**
     * Its author, its organisation's admins and super admins: the best matches first. Anyone else
     * who can see the announcement: 403; an unknown one, or a non-public one of others: 404.
     */
    async list(caller: Caller, id: string): Promise<AnnouncementMatch[]> {
      const normalized = id.toLowerCase();
      const announcement = OBJECT_ID.test(normalized) ? await findDetails(knex, normalized) : null;
      if (!announcement) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
      if (!canManage(caller, announcement)) {
        if (!announcement.isPublic) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
        throw new ForbiddenError(MATCH_MESSAGES.notManager);
      }
      return listMatches(knex, normalized, MAX_ANNOUNCEMENT_MATCHES);
    },
  };
}
