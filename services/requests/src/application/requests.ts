import { randomUUID } from 'node:crypto';
import type {
  FileRequest,
  HandledRequest,
  MyRequest,
  RequestStatusFilter,
} from '@tapinti/contracts/requests-api';
import { REQUEST_LIMITS, REQUEST_MESSAGES, type RequestLimits } from '@tapinti/contracts/requests-api';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { requestStreamId, type RequestStatus } from '@tapinti/contracts/requests-events';
import { createCommandHandler, foldEvents } from '@tapinti/eventstore/command-handler';
import type { UnitOfWork } from '@tapinti/eventstore/event-sourcing';
import { ForbiddenError } from '@tapinti/platform/errors';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { answersFor, isAdminOf, requestDecider, type Actor, type RequestState } from '../domain/request';
import { findAnnouncement } from '../store/announcements';
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
  context: Pick<EventSourcedContext, 'es' | 'knex' | 'clock'>,
  limits: RequestLimits = REQUEST_LIMITS,
) {
  const { es, knex, clock } = context;
  const requests = createCommandHandler(es, requestDecider);

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
      const streamId = requestStreamId(otherId);
      const history = await es.store.readStream(streamId, uow.trx);
      const state = foldEvents(requestDecider, history);
      const events = requestDecider.decide({ type: 'reject-as-claimed', handledBy, now }, state);
      if (events.length) await uow.append(streamId, history.at(-1)!.streamVersion, events, metadata);
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
          const events = requestDecider.decide({ type: 'change-status', to, handler, now }, state);
          if (to === 'resolved_claimed') await rejectOtherClaims(uow, state!, handler.userId, now, metadata);
          return events;
        },
        metadata,
      );
      return (await findHandled(knex, requestId))!;
    },

    listMine: (claimant: Actor) => listMine(knex, claimant.userId),

    listIncoming: (author: Actor, status?: RequestStatusFilter) => listIncoming(knex, author.userId, status),

    /** That organisation's admins and super admins; anyone else 403 (other organisations' admins too). */
    async listForOrganization(caller: Actor, organizationId: string, status?: RequestStatusFilter) {
      if (caller.role !== 'super_admin' && !isAdminOf(caller, organizationId)) {
        throw new ForbiddenError(REQUEST_MESSAGES.organizationForbidden);
      }
      return listForOrganization(knex, organizationId, status);
    },
  };
}
export type Requests = ReturnType<typeof createRequests>;
