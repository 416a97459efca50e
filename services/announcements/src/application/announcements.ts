import { randomUUID } from 'node:crypto';
import type {
  AnnouncementDetails,
  CloseOutcome,
  CreateAnnouncementRequest,
  ListAnnouncementsQuery,
  PublicAnnouncement,
  RewardStats,
  SecurityQuestionInput,
  SitemapEntry,
  UpdateAnnouncementRequest,
} from '@tapinti/contracts/announcements-api';
import {
  MAX_PLACE_SUGGESTIONS,
  PLACE_MESSAGES,
  photosOfRequest,
  SITEMAP_MAX_ENTRIES,
  type PlaceSummary,
} from '@tapinti/contracts/announcements-api';
import { PLACES, suggestPlaces } from '@tapinti/matching/gazetteer';
import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import type { SharedConfig } from '@tapinti/platform/config';
import type { Knex } from '@tapinti/platform/db';
import { NotFoundError, ValidationError } from '@tapinti/platform/errors';
import { actsForOrganization } from '@tapinti/platform/organization-access';
import type { Caller } from '@tapinti/platform/session';
import { organizationStatusReader } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import {
  ANNOUNCEMENT_MESSAGES,
  announcementDecider,
  canManage,
  type AnnouncementCommand,
} from '../domain/announcement';
import { OBJECT_ID, objectIdOfPath } from '../domain/photo';
import { riskRulesOf } from '../domain/risk-rules';
import { placeSummaryOf } from '../domain/place';
import { boardFiltersOf } from './board-filters';
import { REMOVE_PHOTOS_JOB } from '../jobs/remove-photos';
import { photoShownElsewhere, queuePhotoRemoval } from '../store/photo-removals';
import {
  countPublic,
  findDetails,
  findPublic,
  listByUser,
  listPublicPage,
  rewardStatsOf,
  sitemapEntries,
  type ListTotal,
  type PublicListPage,
} from '../store/queries';
import { readExpectedAnswers, writeExpectedAnswers } from '../store/security-answers';
import { findUpload } from '../store/uploads-store';
import { findContacts } from '../store/user-contacts';

/**
 * Who may see an announcement's details: public, approved ones any signed-in user; others their
 * author and admins (held or hidden by moderation: also super admins, who review them).
 */
function canSee(caller: Caller, a: AnnouncementDetails): boolean {
  if (a.moderationStatus !== 'approved') return canManage(caller, a);
  if (a.isPublic) return true;
  if (caller.userId === a.userId || caller.role === 'super_admin') return true;
  return actsForOrganization(caller, a.organizationId);
}

/** The announcement use cases behind the HTTP routes. */
export function createAnnouncements(
  context: Pick<EventSourcedContext, 'es' | 'knex' | 'clock' | 'jobs' | 'logger'> & {
    config: Pick<SharedConfig, 'MODERATION_REWARD_REVIEW_ABOVE'>;
  },
) {
  const { knex } = context;
  const riskConfig = { rewardReviewAbove: context.config.MODERATION_REWARD_REVIEW_ABOVE };
  const announcements = createCommandHandler(context.es, announcementDecider);
  const organizationActive = organizationStatusReader(knex, 'announcements');

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

  /**
   * Only photos this caller uploaded and that passed normalisation can be attached (`kept`: those
   * the announcement already shows, which stay whoever edits it).
   */
  async function checkImagesAreCallers(imageUrls: string[], caller: Caller, kept: string[] = []) {
    for (const imageUrl of imageUrls.filter((url) => !kept.includes(url))) {
      const objectId = objectIdOfPath(imageUrl);
      const upload = objectId ? await findUpload(knex, objectId) : null;
      if (!upload || upload.status !== 'ready' || upload.userId !== caller.userId) {
        throw new ValidationError(ANNOUNCEMENT_MESSAGES.badImage, 'imageUrls');
      }
    }
  }

  /** The announcement this caller can see (else 404, also for a malformed or deleted one). */
  async function visibleTo(caller: Caller, id: string): Promise<AnnouncementDetails> {
    const normalized = id.toLowerCase();
    const found = OBJECT_ID.test(normalized) ? await findDetails(knex, normalized) : null;
    if (!found || !canSee(caller, found)) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
    // A deactivated organisation's items are off the board for all but super admins; its own
    // admins are told why (403 'Təşkilat deaktivdir', from actsForOrganization).
    if (
      found.organizationId &&
      caller.role !== 'super_admin' &&
      !(await organizationActive(found.organizationId))
    ) {
      actsForOrganization(caller, found.organizationId);
      throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
    }
    return found;
  }

  /**
   * In the command's transaction: the photos an announcement no longer shows (deleted, or removed
   * by an edit) are queued for removal, unless another announcement still shows them. Whether any was.
   */
  async function dropPhotos(trx: Knex.Transaction, imageUrls: string[], announcementId: string) {
    let dropped = false;
    for (const imageUrl of imageUrls) {
      const objectId = objectIdOfPath(imageUrl);
      if (!objectId || (await photoShownElsewhere(trx, imageUrl, announcementId))) continue;
      await queuePhotoRemoval(trx, objectId, context.clock());
      dropped = true;
    }
    return dropped;
  }

  /** After the commit: the job removes the objects now; its repeated run covers a failure here. */
  async function removePhotosSoon(): Promise<void> {
    await context.jobs
      .enqueue(REMOVE_PHOTOS_JOB, {})
      .catch((err) =>
        context.logger.warn({ err }, 'photo removal not enqueued; the repeated run will do it'),
      );
  }

  /** Runs a close/renew-style command on a visible announcement and answers its details. */
  async function change(
    caller: Caller,
    id: string,
    command: AnnouncementCommand,
    metadata: EventMetadata,
  ): Promise<AnnouncementDetails> {
    const visible = await visibleTo(caller, id);
    await announcements.handle(
      announcementStreamId(visible.id),
      (state) => announcementDecider.decide(command, state),
      metadata,
    );
    return detailsFor(caller, (await findDetails(knex, visible.id))!);
  }

  return {
    /** Posts an announcement; the repeated archiving job finds it when its period is over. */
    async create(
      caller: Caller,
      input: CreateAnnouncementRequest,
      metadata: EventMetadata,
    ): Promise<AnnouncementDetails> {
      await checkImagesAreCallers(photosOfRequest(input), caller);
      const announcementId = randomUUID();
      const knownContacts = await findContacts(knex, caller.userId);
      await announcements.handle(
        announcementStreamId(announcementId),
        async (state, { trx }) => {
          const events = announcementDecider.decide(
            {
              type: 'create',
              input,
              context: {
                announcementId,
                caller,
                now: context.clock(),
                knownContacts,
                riskRules: riskRulesOf(
                  { ...input, rewardDescription: input.rewardDescription ?? null },
                  riskConfig,
                ),
              },
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
      const normalized = (await visibleTo(caller, id)).id;
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

    /**
     * Edits an open announcement (its author, its organisation's admins, super admins): the whole
     * announcement as on create; the security questions (and expected answers) are replaced by
     * the body's. A new photo must be the caller's; a removed one is removed from storage.
     */
    async update(
      caller: Caller,
      id: string,
      input: UpdateAnnouncementRequest,
      metadata: EventMetadata,
    ): Promise<AnnouncementDetails> {
      const visible = await visibleTo(caller, id);
      const shown = visible.imageUrls ?? [];
      await checkImagesAreCallers(photosOfRequest(input, shown), caller, shown);
      // The author's contacts, not the editor's: an admin's edit keeps the author's default.
      const knownContacts = await findContacts(knex, visible.userId);
      let photoDropped = false;
      await announcements.handle(
        announcementStreamId(visible.id),
        async (state, { trx }) => {
          const events = announcementDecider.decide(
            {
              type: 'edit',
              input,
              context: {
                caller,
                now: context.clock(),
                knownContacts,
                riskRules: riskRulesOf(
                  { ...input, rewardDescription: input.rewardDescription ?? null },
                  riskConfig,
                ),
              },
            },
            state,
          );
          await writeExpectedAnswers(trx, visible.id, input.securityQuestions ?? []);
          const before = state?.fields.imageUrls ?? [];
          const after = photosOfRequest(input, before);
          const removed = before.filter((url) => !after.includes(url));
          photoDropped = await dropPhotos(trx, removed, visible.id);
          return events;
        },
        metadata,
      );
      if (photoDropped) await removePhotosSoon();
      return detailsFor(caller, (await findDetails(knex, visible.id))!);
    },

    /** Closes it (open or archived): `resolved` with the outcome; out of the public list. */
    close(caller: Caller, id: string, outcome: CloseOutcome, metadata: EventMetadata) {
      return change(caller, id, { type: 'close', outcome, caller, now: context.clock() }, metadata);
    },

    /** Opens an archived one again for another archiving period. */
    renew(caller: Caller, id: string, metadata: EventMetadata) {
      return change(caller, id, { type: 'renew', caller, now: context.clock() }, metadata);
    },

    /** Deletes it: gone from every list and from details; its photos are removed from storage. */
    async remove(caller: Caller, id: string, metadata: EventMetadata): Promise<void> {
      const visible = await visibleTo(caller, id);
      let photoDropped = false;
      await announcements.handle(
        announcementStreamId(visible.id),
        async (state, { trx }) => {
          const events = announcementDecider.decide({ type: 'delete', caller, now: context.clock() }, state);
          photoDropped = await dropPhotos(trx, state?.fields.imageUrls ?? [], visible.id);
          return events;
        },
        metadata,
      );
      if (photoDropped) await removePhotosSoon();
    },

    /**
     * One page of the public, active, open ones, newest first (no contact details), how many
     * match the filters on all pages, and where the next page starts.
     */
    async listPublic(query: ListAnnouncementsQuery): Promise<PublicListPage & { total: ListTotal }> {
      const filters = await boardFiltersOf(knex, query, context.clock());
      const [page, total] = await Promise.all([
        listPublicPage(knex, { ...filters, limit: query.limit, after: query.cursor }),
        countPublic(knex, filters),
      ]);
      return { ...page, total };
    },

    /** The places a typed name may mean (the place filter's suggestions). */
    suggestPlaces(query: string | undefined): PlaceSummary[] {
      return query ? suggestPlaces(query, MAX_PLACE_SUGGESTIONS).map(placeSummaryOf) : [];
    },

    /** One place of the gazetteer; otherwise 404. */
    place(id: string): PlaceSummary {
      const place = PLACES.get(id);
      if (!place) throw new NotFoundError(PLACE_MESSAGES.unknown);
      return placeSummaryOf(place);
    },

    /** A listed announcement for anyone (its own page, link previews); otherwise 404. */
    async findPublic(id: string): Promise<PublicAnnouncement> {
      const normalized = id.toLowerCase();
      const found = OBJECT_ID.test(normalized) ? await findPublic(knex, normalized) : null;
      if (!found) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
      return found;
    },

    rewardStats(): Promise<RewardStats> {
      return rewardStatsOf(knex);
    },

    sitemap(): Promise<SitemapEntry[]> {
      return sitemapEntries(knex, SITEMAP_MAX_ENTRIES);
    },

    /** The caller's own, archived ones included, with their details. */
    listMine(caller: Caller): Promise<AnnouncementDetails[]> {
      return listByUser(knex, caller.userId);
    },

    /** Details for a signed-in caller; an unknown id and one they may not see are both 404. */
    async details(caller: Caller, id: string): Promise<AnnouncementDetails> {
      return detailsFor(caller, await visibleTo(caller, id));
    },
  };
}
export type Announcements = ReturnType<typeof createAnnouncements>;
