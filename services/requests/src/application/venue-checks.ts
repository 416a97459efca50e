import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { requestStreamId } from '@tapinti/contracts/requests-events';
import {
  MAX_VENUES_PER_ANNOUNCEMENT,
  VENUE_CHECK_LIMITS,
  VENUE_CHECK_MESSAGES,
  type AnnouncementVenueChecks,
  type AnswerVenueCheckRequest,
  type AskVenuesRequest,
  type VenueCheckInboxItem,
  type VenueCheckLimits,
} from '@tapinti/contracts/venue-checks-api';
import { venueCheckStreamId } from '@tapinti/contracts/venue-checks-events';
import { createCommandHandler, decideOnStream } from '@tapinti/eventstore/command-handler';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@tapinti/platform/errors';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { answerDeadlineOf } from '../domain/answer-deadline';
import { isMemberOf, requestDecider, type Actor } from '../domain/request';
import { assertCanAsk, assertWithinLimits, venueCheckDecider } from '../domain/venue-check';
import { findAnnouncement } from '../store/announcements';
import { findVenueTerms } from '../store/answer-deadlines';
import {
  claimantRecord,
  insertDetails,
  isItemClaimed,
  lockAnnouncementClaims,
  lockClaimant,
} from '../store/queries';
import {
  askableVenues,
  askRecord,
  findInboxItem,
  findVenueCheckOrganization,
  listForAnnouncement,
  listInbox,
  lockOwnerAsks,
} from '../store/venue-checks';

/** "Ask the venues" (issue 26 point 1): the owner asks, the venues open and answer. */
export function createVenueChecks(
  context: Pick<EventSourcedContext, 'es' | 'knex' | 'clock'>,
  limits: VenueCheckLimits = VENUE_CHECK_LIMITS,
  /** How long an hour of an answer deadline is (shorter on a test platform). */
  deadlineHourMs = 3_600_000,
) {
  const { es, knex, clock } = context;
  const venueChecks = createCommandHandler(es, venueCheckDecider);

  async function announcementView(announcementId: string): Promise<AnnouncementVenueChecks> {
    const checks = await listForAnnouncement(knex, announcementId, clock());
    return {
      announcementId,
      venuesLeft: Math.max(0, MAX_VENUES_PER_ANNOUNCEMENT - checks.length),
      checks,
    };
  }

  /** The check's venue, for the 404 a member of another venue gets before anything is decided. */
  async function assertInbox(actor: Actor, id: string): Promise<void> {
    const organizationId = await findVenueCheckOrganization(knex, id);
    if (!organizationId || !isMemberOf(actor, organizationId))
      throw new NotFoundError(VENUE_CHECK_MESSAGES.notFound);
  }

  return {
    /**
     * Asks each venue: one stream per (announcement, venue), all in one transaction (all or none),
     * under the announcement's lock and the owner's, so the caps count every ask before this one.
     */
    async ask(
      owner: Actor,
      input: AskVenuesRequest,
      metadata: EventMetadata,
    ): Promise<AnnouncementVenueChecks> {
      const now = clock();
      await es.commit(async (uow) => {
        const { trx } = uow;
        await lockAnnouncementClaims(trx, input.announcementId);
        await lockOwnerAsks(trx, owner.userId);
        const announcement = await findAnnouncement(trx, input.announcementId);
        assertCanAsk(owner, announcement);
        const askable = await askableVenues(trx, input.organizationIds);
        if (askable.length !== input.organizationIds.length)
          throw new NotFoundError(VENUE_CHECK_MESSAGES.venueNotFound);
        assertWithinLimits(
          input.organizationIds,
          await askRecord(trx, announcement.id, owner.userId, input.organizationIds, now),
          limits,
          now,
        );
        for (const organizationId of input.organizationIds) {
          const deadline = answerDeadlineOf(now, await findVenueTerms(trx, organizationId), deadlineHourMs);
          const venueCheckId = randomUUID();
          await decideOnStream(
            es,
            venueCheckDecider,
            uow,
            venueCheckStreamId(venueCheckId),
            (state) =>
              venueCheckDecider.decide(
                { type: 'ask', venueCheckId, owner, announcement, organizationId, deadline, now },
                state,
              ),
            metadata,
          );
        }
      });
      return announcementView(input.announcementId);
    },

    /** The owner's per-venue view (and the super admin's); anyone else 403, an unknown post 404. */
    async forAnnouncement(caller: Actor, announcementId: string): Promise<AnnouncementVenueChecks> {
      const announcement = await findAnnouncement(knex, announcementId);
      if (!announcement) throw new NotFoundError(VENUE_CHECK_MESSAGES.announcementNotFound);
      if (announcement.userId !== caller.userId && caller.role !== 'super_admin') {
        if (!announcement.isPublic || !announcement.approved)
          throw new NotFoundError(VENUE_CHECK_MESSAGES.announcementNotFound);
        throw new ForbiddenError(VENUE_CHECK_MESSAGES.notOwnerOfChecks);
      }
      return announcementView(announcementId);
    },

    /** That venue's admins and staff, and super admins; anyone else 403. */
    async inbox(caller: Actor, organizationId: string): Promise<VenueCheckInboxItem[]> {
      if (caller.role !== 'super_admin' && !isMemberOf(caller, organizationId))
        throw new ForbiddenError(VENUE_CHECK_MESSAGES.organizationForbidden);
      return listInbox(knex, organizationId, clock());
    },

    /** A member of the asked venue opened it (once: `requests.venue-check.seen`). */
    async markSeen(actor: Actor, id: string, metadata: EventMetadata): Promise<VenueCheckInboxItem> {
      await assertInbox(actor, id);
      await venueChecks.handle(
        venueCheckStreamId(id),
        (state) => venueCheckDecider.decide({ type: 'mark-seen', actor, now: clock() }, state),
        metadata,
      );
      return (await findInboxItem(knex, id, clock()))!;
    },

    /**
     * «Burada yoxdur», or «Tapdıq» with one of the venue's open found items: then a claim for the
     * owner is filed on that item in the same transaction through the request decider, so
     * `requests.request.filed` (and the claim's conversation) follows as for any claim.
     */
    async answer(
      actor: Actor,
      id: string,
      input: AnswerVenueCheckRequest,
      metadata: EventMetadata,
    ): Promise<VenueCheckInboxItem> {
      await assertInbox(actor, id);
      const now = clock();
      await venueChecks.handle(
        venueCheckStreamId(id),
        async (state, uow) => {
          if (input.answer === 'not_here' || !state)
            return venueCheckDecider.decide(
              { type: 'answer', actor, answer: 'not_here', itemId: null, requestId: null, now },
              state,
            );
          // Decide the answer first: an already answered check files no claim.
          const requestId = randomUUID();
          const events = venueCheckDecider.decide(
            { type: 'answer', actor, answer: 'found', itemId: input.itemId, requestId, now },
            state,
          );
          const { trx } = uow;
          await lockAnnouncementClaims(trx, input.itemId);
          await lockClaimant(trx, state.ownerUserId);
          const item = await findAnnouncement(trx, input.itemId);
          if (
            !item ||
            item.type !== 'found' ||
            item.organizationId !== state.organizationId ||
            item.status !== 'open' ||
            !item.isActive ||
            (await isItemClaimed(trx, item.id))
          )
            throw new ValidationError(VENUE_CHECK_MESSAGES.itemInvalid, 'itemId');
          const record = await claimantRecord(trx, state.ownerUserId, item.id, now);
          if (record.hasOpenRequestOnAnnouncement) throw new ConflictError(VENUE_CHECK_MESSAGES.itemClaimed);
          const owner: Actor = { userId: state.ownerUserId, role: 'user', organizationId: null };
          const terms = await findVenueTerms(trx, state.organizationId);
          await decideOnStream(
            es,
            requestDecider,
            uow,
            requestStreamId(requestId),
            (claim) =>
              requestDecider.decide(
                {
                  type: 'file',
                  requestId,
                  claimant: owner,
                  // The conversation is the way to reach each other: no contact detail is shared.
                  input: { contactMethod: 'in_person' },
                  announcement: item,
                  record,
                  itemClaimed: false,
                  now,
                  filedByVenue: true,
                  answerDeadline: answerDeadlineOf(now, terms, deadlineHourMs),
                },
                claim,
              ),
            metadata,
          );
          await insertDetails(trx, { requestId, roomNumber: null, message: null, answers: [] });
          return events;
        },
        metadata,
      );
      return (await findInboxItem(knex, id, clock()))!;
    },
  };
}
export type VenueChecks = ReturnType<typeof createVenueChecks>;
