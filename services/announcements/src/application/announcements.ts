import { randomUUID } from 'node:crypto';
import type { AnnouncementDetails, CreateAnnouncementRequest } from '@tapinti/contracts/announcements-api';
import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { ValidationError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { ANNOUNCEMENT_MESSAGES, announcementDecider } from '../domain/announcement';
import { objectIdOfPath } from '../domain/photo';
import { findDetails } from '../store/announcements-store';
import { findUpload } from '../store/uploads-store';
import { findContacts } from '../store/user-contacts';

/** The announcement use cases behind the HTTP routes. */
export function createAnnouncements(context: EventSourcedContext) {
  const { knex } = context;
  const announcements = createCommandHandler(context.es, announcementDecider);

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
        (state) =>
          announcementDecider.decide(
            {
              type: 'create',
              input,
              context: { announcementId, caller, now: context.clock(), knownContacts },
            },
            state,
          ),
        metadata,
      );
      return (await findDetails(knex, announcementId))!;
    },
  };
}
export type Announcements = ReturnType<typeof createAnnouncements>;
