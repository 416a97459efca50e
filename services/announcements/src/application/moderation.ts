import type { ModerationQueueItem, ReportAnnouncementRequest } from '@tapinti/contracts/announcements-api';
import { MODERATION_MESSAGES } from '@tapinti/contracts/announcements-api';
import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { deviceKeyOf } from '@tapinti/platform/address-key';
import { deviceIdOf } from '@tapinti/platform/device-cookie';
import { NotFoundError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { ANNOUNCEMENT_MESSAGES, announcementDecider, type AnnouncementCommand } from '../domain/announcement';
import { OBJECT_ID } from '../domain/photo';
import { reportWeight } from '../domain/report-weight';
import { findQueueItem, listModerationQueue, writeReportNote } from '../store/moderation-queue';
import { findDetails } from '../store/queries';
import { reporterStanding } from '../store/reporter-standing';

type ReviewCommand = Extract<AnnouncementCommand, { type: 'approve' | 'hide' | 'restore' }>;

/** Reports by users and the super admins' moderation queue (one command handler: the announcement's). */
export function createModeration(context: Pick<EventSourcedContext, 'es' | 'knex' | 'clock' | 'config'>) {
  const { knex } = context;
  const weightConfig = { trustedAccountAgeMs: context.config.REPORT_TRUSTED_ACCOUNT_AGE_MS };
  const announcements = createCommandHandler(context.es, announcementDecider);

  /** A known, not deleted announcement's id (any case); else 404. */
  async function existing(id: string) {
    const normalized = id.toLowerCase();
    const found = OBJECT_ID.test(normalized) ? await findDetails(knex, normalized) : null;
    if (!found) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
    return found;
  }

  async function review(id: string, command: ReviewCommand, metadata: EventMetadata) {
    const { id: announcementId } = await existing(id);
    await announcements.handle(
      announcementStreamId(announcementId),
      (state) => announcementDecider.decide(command, state),
      metadata,
    );
    return (await findQueueItem(knex, announcementId))!;
  }

  return {
    /**
     * A user reports an announcement they can see (a listed one; 404 otherwise, as for details).
     * The note goes to its own table in the same transaction, never into the event. The report
     * weighs by the reporter's standing; their address (as the gateway forwards it) and their
     * browser's device cookie id enter the event only as keyed hashes.
     */
    async report(
      caller: Caller,
      id: string,
      input: ReportAnnouncementRequest,
      metadata: EventMetadata,
      deviceCookie: string | null,
    ): Promise<{ message: string }> {
      const found = await existing(id);
      const isAuthor = found.userId === caller.userId;
      if (!isAuthor && (found.moderationStatus !== 'approved' || !found.isPublic))
        throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
      const now = context.clock();
      const weight = reportWeight(await reporterStanding(knex, caller.userId, now), weightConfig);
      const secret = context.config.JWT_SECRET;
      const deviceId = deviceIdOf(deviceCookie, secret, now);
      const deviceKey = deviceId ? deviceKeyOf(secret, deviceId) : null;
      await announcements.handle(
        announcementStreamId(found.id),
        async (state, { trx }) => {
          const events = announcementDecider.decide(
            {
              type: 'report',
              reporterId: caller.userId,
              reportType: input.type,
              hasNote: !!input.note,
              weight,
              addressKey: metadata.addressKey,
              deviceKey,
              now,
            },
            state,
          );
          if (input.note)
            await writeReportNote(trx, {
              announcementId: found.id,
              reporterId: caller.userId,
              reportedAt: now.toISOString(),
              text: input.note,
            });
          return events;
        },
        metadata,
      );
      return { message: MODERATION_MESSAGES.reported };
    },

    queue(): Promise<ModerationQueueItem[]> {
      return listModerationQueue(knex);
    },

    approve(id: string, metadata: EventMetadata) {
      return review(id, { type: 'approve', now: context.clock() }, metadata);
    },

    hide(id: string, reason: string, metadata: EventMetadata) {
      return review(id, { type: 'hide', reason, now: context.clock() }, metadata);
    },

    restore(id: string, metadata: EventMetadata) {
      return review(id, { type: 'restore', now: context.clock() }, metadata);
    },
  };
}
