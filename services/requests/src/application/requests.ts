import { fillMessage } from '@tapinti/contracts/message-template';
import { randomUUID } from 'node:crypto';
import type {
  FileRequest,
  HandledRequest,
  Handover,
  MyRequest,
  RequestStatusFilter,
} from '@tapinti/contracts/requests-api';
import {
  HANDOVER_MAX_ATTEMPTS,
  HANDOVER_MESSAGES,
  REQUEST_LIMITS,
  REQUEST_MESSAGES,
  type RequestLimits,
} from '@tapinti/contracts/requests-api';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { REQUEST_EVENTS, requestStreamId, type RequestStatus } from '@tapinti/contracts/requests-events';
import { createCommandHandler, decideOnStream } from '@tapinti/eventstore/command-handler';
import type { SharedConfig } from '@tapinti/platform/config';
import type { UnitOfWork } from '@tapinti/eventstore/event-sourcing';
import { ConflictError, ForbiddenError, ValidationError } from '@tapinti/platform/errors';
import { handoverCodeOf, isHandoverCode } from '@tapinti/platform/handover-code';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { answerDeadlineOf } from '../domain/answer-deadline';
import { findVenueTerms } from '../store/answer-deadlines';
import { answersFor, isMemberOf, requestDecider, type Actor, type RequestState } from '../domain/request';
import { findAnnouncement } from '../store/announcements';
import { announcementSides, findHandover, listHandovers } from '../store/handovers';
import {
  claimantRecord,
  findHandled,
  findMine,
  insertDetails,
  isItemClaimed,
  listForOrganization,
  listIncoming,
  listMine,
  lockAnnouncementClaims,
  lockClaimant,
  openRequestIdsOn,
} from '../store/queries';
import { rememberUsername } from '../store/users';

/** The signed-in caller as the use cases need them. */
export interface Claimant extends Actor {
  username: string;
}

/** The request use cases behind the HTTP routes. */
export function createRequests(
  context: Pick<EventSourcedContext, 'es' | 'knex' | 'clock'> & { config: Pick<SharedConfig, 'JWT_SECRET'> },
  limits: RequestLimits = REQUEST_LIMITS,
  /** How long an hour of an answer deadline is (issue 26; shorter on a test platform). */
  deadlineHourMs = 3_600_000,
) {
  const { es, knex, clock } = context;
  const requests = createCommandHandler(es, requestDecider);
  const secret = context.config.JWT_SECRET;
  const codeOf = (requestId: string, generation: number) => handoverCodeOf(secret, requestId, generation);

  /**
   * `resolved_claimed` closes the item: every other open request on the announcement is
   * resolved_rejected in the same transaction, under the announcement's lock (so no claim filed
   * meanwhile is missed: filing takes the same lock and then sees the claimed one).
   */
  async function rejectOtherClaims(
    uow: UnitOfWork,
    claimed: RequestState,
    handledBy: string,
    now: Date,
    metadata: EventMetadata,
  ) {
    await lockAnnouncementClaims(uow.trx, claimed.announcementId);
    for (const otherId of await openRequestIdsOn(uow.trx, claimed.announcementId, claimed.id)) {
      await decideOnStream(
        es,
        requestDecider,
        uow,
        requestStreamId(otherId),
        (state) => requestDecider.decide({ type: 'reject-as-claimed', handledBy, now }, state),
        metadata,
      );
    }
  }

  return {
    /** Files a claim on an announcement; the handler sees it at once (same transaction). */
    async file(claimant: Claimant, input: FileRequest, metadata: EventMetadata): Promise<MyRequest> {
      const requestId = randomUUID();
      const now = clock();
      await requests.handle(
        requestStreamId(requestId),
        async (state, { trx }) => {
          // Announcement first, then claimant: every path takes them in this order.
          await lockAnnouncementClaims(trx, input.announcementId);
          await lockClaimant(trx, claimant.userId);
          const announcement = await findAnnouncement(trx, input.announcementId);
          const events = requestDecider.decide(
            {
              type: 'file',
              requestId,
              claimant,
              input,
              announcement,
              record: await claimantRecord(trx, claimant.userId, input.announcementId, now),
              itemClaimed: await isItemClaimed(trx, input.announcementId),
              now,
              limits,
              answerDeadline: announcement?.organizationId
                ? answerDeadlineOf(
                    now,
                    await findVenueTerms(trx, announcement.organizationId),
                    deadlineHourMs,
                  )
                : undefined,
            },
            state,
          );
          // What the claimant wrote is not an event: their answers, message and room number.
          await insertDetails(trx, {
            requestId,
            roomNumber: input.roomNumber ?? null,
            message: input.message ?? null,
            answers: answersFor(announcement!.securityQuestions, input.answers),
          });
          await rememberUsername(trx, claimant.userId, claimant.username);
          return events;
        },
        metadata,
      );
      return (await findMine(knex, requestId))!;
    },

    /** The handler (or a super admin) moves a request on; handledBy/At are the session's user and now. */
    async changeStatus(
      handler: Actor,
      requestId: string,
      to: RequestStatus,
      metadata: EventMetadata,
    ): Promise<HandledRequest> {
      const now = clock();
      await requests.handle(
        requestStreamId(requestId),
        async (state, uow) => {
          const announcement =
            to === 'resolved_claimed' && state
              ? await announcementSides(uow.trx, state.announcementId)
              : null;
          const events = requestDecider.decide(
            { type: 'change-status', to, handler, now, announcement },
            state,
          );
          if (to === 'resolved_claimed') await rejectOtherClaims(uow, state!, handler.userId, now, metadata);
          return events;
        },
        metadata,
      );
      return (await findHandled(knex, requestId))!;
    },

    listMine: (claimant: Actor) => listMine(knex, claimant.userId),

    /** The caller's hand-overs; the owner's carries their code while it is awaited. */
    listHandovers: (caller: Actor) => listHandovers(knex, caller, codeOf),

    /**
     * The finder side enters the owner's code. Right: handed over (the announcements service marks
     * it returned). Wrong: the attempt is recorded (committed) and answered 400 with the tries left;
     * the 5th wrong one locks it (409 from then on) until a super admin issues a new code.
     */
    async confirmHandover(
      caller: Actor,
      requestId: string,
      code: string,
      metadata: EventMetadata,
    ): Promise<Handover> {
      const isCurrentCode = (generation: number) => isHandoverCode(secret, requestId, generation, code);
      const { events } = await requests.handle(
        requestStreamId(requestId),
        (state) =>
          requestDecider.decide(
            { type: 'confirm-handover', actor: caller, isCurrentCode, now: clock() },
            state,
          ),
        metadata,
      );
      if (events.some((e) => e.type === REQUEST_EVENTS.handoverLocked)) {
        throw new ConflictError(HANDOVER_MESSAGES.locked);
      }
      const failed = events.find((e) => e.type === REQUEST_EVENTS.handoverFailedAttempt);
      if (failed) {
        const attempts = (failed.payload as { failedAttempts: number }).failedAttempts;
        throw new ValidationError(
          fillMessage(HANDOVER_MESSAGES.wrongCode, { left: HANDOVER_MAX_ATTEMPTS - attempts }),
          'code',
        );
      }
      return (await findHandover(knex, requestId, caller, codeOf))!;
    },

    /** A super admin lifts a lock: the owner gets a new code (e-mailed), the old one is void. */
    async unlockHandover(caller: Actor, requestId: string, metadata: EventMetadata): Promise<Handover> {
      await requests.handle(
        requestStreamId(requestId),
        (state) => requestDecider.decide({ type: 'unlock-handover', actor: caller, now: clock() }, state),
        metadata,
      );
      return (await findHandover(knex, requestId, caller, codeOf))!;
    },

    listIncoming: (author: Actor, status?: RequestStatusFilter) => listIncoming(knex, author.userId, status),

    /** That organisation's admins and staff, and super admins; anyone else 403 (other organisations' members too). */
    async listForOrganization(caller: Actor, organizationId: string, status?: RequestStatusFilter) {
      if (caller.role !== 'super_admin' && !isMemberOf(caller, organizationId)) {
        throw new ForbiddenError(REQUEST_MESSAGES.organizationForbidden);
      }
      return listForOrganization(knex, organizationId, status);
    },
  };
}
export type Requests = ReturnType<typeof createRequests>;
