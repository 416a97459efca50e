import { randomUUID } from 'node:crypto';
import type {
  AnnouncementDetails,
  CreateAnnouncementRequest,
  ListAnnouncementsQuery,
  PublicAnnouncement,
  SecurityQuestionInput,
} from '@tapinti/contracts/announcements-api';
import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { NotFoundError, ValidationError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { ANNOUNCEMENT_MESSAGES, announcementDecider, canManage } from '../domain/announcement';
import { OBJECT_ID, objectIdOfPath } from '../domain/photo';
import { searchTermsOf } from '../domain/search';
import { findDetails, listByUser, listPublic } from '../store/queries';
import { readExpectedAnswers, writeExpectedAnswers } from '../store/security-answers';
import { findUpload } from '../store/uploads-store';
import { findContacts } from '../store/user-contacts';

/** Who may see an announcement's details: public ones any signed-in user; others their author and admins. */
function canSee(caller: Caller, a: AnnouncementDetails): boolean {
  if (a.isPublic) return true;
  if (caller.userId === a.userId || caller.role === 'super_admin') return true;
  return caller.role === 'org_admin' && !!a.organizationId && caller.organizationId === a.organizationId;
}

/** The announcement use cases behind the HTTP routes. */
export function createAnnouncements(context: Pick<EventSourcedContext, 'es' | 'knex' | 'clock'>) {
  const { knex } = context;
  const announcements = createCommandHandler(context.es, announcementDecider);

  /**
   * Details as this caller may see them: the expected answers of the security questions only for
   * its author, its organisation's admins and super admins.
   */
  async function detailsFor(caller: Caller, a: AnnouncementDetails): Promise<AnnouncementDetails> {
    if (!a.securityQuestions?.length || !canManage(caller, a)) return a;
    const expected = await readExpectedAnswers(knex, a.id);
    return {
      ...a,
      securityQuestions: a.securityQuestions.map((q, i) => ({ ...q, expectedAnswer: expected[i] ?? null })),
    };
  }

  /** Only a photo this caller uploaded and that passed normalisation can be attached. */
  async function checkImageIsCallers(imageUrl: string, caller: Caller): Promise<void> {
    const objectId = objectIdOfPath(imageUrl);
    const upload = objectId ? await findUpload(knex, objectId) : null;
    if (!upload || upload.status !== 'ready' || upload.userId !== caller.userId) {
      throw new ValidationError(ANNOUNCEMENT_MESSAGES.badImage, 'imageUrl');
    }
  }

  return {
    /** Posts an announcement; the repeated archiving job finds it when its period is over. */
    async create(
      caller: Caller,
      input: CreateAnnouncementRequest,
      metadata: EventMetadata,
    ): Promise<AnnouncementDetails> {
      if (input.imageUrl) await checkImageIsCallers(input.imageUrl, caller);
      const announcementId = randomUUID();
      const knownContacts = await findContacts(knex, caller.userId);
      await announcements.handle(
        announcementStreamId(announcementId),
        async (state, { trx }) => {
          const events = announcementDecider.decide(
            {
              type: 'create',
              input,
              context: { announcementId, caller, now: context.clock(), knownContacts },
            },
            state,
          );
          // Expected answers are not events: their own table, in this same transaction.
          if (input.securityQuestions)
            await writeExpectedAnswers(trx, announcementId, input.securityQuestions);
          return events;
        },
        metadata,
      );
      return detailsFor(caller, (await findDetails(knex, announcementId))!);
    },

    /** Replaces a found item's security questions (its author, its organisation's admins, super admins). */
    async setSecurityQuestions(
      caller: Caller,
      id: string,
      questions: SecurityQuestionInput[],
      metadata: EventMetadata,
    ): Promise<AnnouncementDetails> {
      const normalized = id.toLowerCase();
      const visible = OBJECT_ID.test(normalized) ? await findDetails(knex, normalized) : null;
      if (!visible || !canSee(caller, visible)) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
      await announcements.handle(
        announcementStreamId(normalized),
        async (state, { trx }) => {
          const events = announcementDecider.decide(
            { type: 'set-security-questions', questions, caller, now: context.clock() },
            state,
          );
          await writeExpectedAnswers(trx, normalized, questions);
          return events;
        },
        metadata,
      );
      return detailsFor(caller, (await findDetails(knex, normalized))!);
    },

    /** Public, active, open ones, newest first: no contact details. */
    listPublic(query: ListAnnouncementsQuery): Promise<PublicAnnouncement[]> {
      return listPublic(knex, {
        terms: searchTermsOf(query.search),
        category: query.category,
        limit: query.limit,
      });
    },

    /** The caller's own, archived ones included, with their details. */
    listMine(caller: Caller): Promise<AnnouncementDetails[]> {
      return listByUser(knex, caller.userId);
    },

    /** Details for a signed-in caller; an unknown id and one they may not see are both 404. */
    async details(caller: Caller, id: string): Promise<AnnouncementDetails> {
      const normalized = id.toLowerCase();
      const found = OBJECT_ID.test(normalized) ? await findDetails(knex, normalized) : null;
      if (!found || !canSee(caller, found)) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
      return detailsFor(caller, found);
    },
  };
}
export type Announcements = ReturnType<typeof createAnnouncements>;
