import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { mediumKeyOf, photoKeyOf, thumbnailKeyOf, uploadKeyOf } from '../domain/photo';
import { pendingPhotoRemovals, photoRemoved } from '../store/photo-removals';

/**
 * Removes from storage the photos of deleted announcements (and photos an edit replaced). The
 * announcement's event and the queued removal commit together, so a crash loses nothing: the
 * use case enqueues this job after its commit, and the repeated run (at start, then every
 * `PHOTO_REMOVAL_EVERY_MS`) catches whatever that missed. Removing an absent object is no
 * error, so two runs at once, or a run after a crash between removal and bookkeeping, are safe.
 */
export const REMOVE_PHOTOS_JOB = 'remove-photos';
const PHOTO_REMOVAL_EVERY_MS = 10 * 60_000;
const PAGE = 100;

type RemovalContext = Pick<EventSourcedContext, 'knex' | 'storage' | 'jobs' | 'logger'>;

/** Every object a photo may have in storage (the upload itself is normally gone already). */
const keysOfPhoto = (objectId: string) => [
  photoKeyOf(objectId),
  thumbnailKeyOf(objectId),
  mediumKeyOf(objectId),
  uploadKeyOf(objectId),
];

export async function removeQueuedPhotos(context: Pick<RemovalContext, 'knex' | 'storage'>): Promise<number> {
  let removed = 0;
  for (;;) {
    const page = await pendingPhotoRemovals(context.knex, PAGE);
    for (const objectId of page) {
      for (const key of keysOfPhoto(objectId)) await context.storage.remove(key);
      await photoRemoved(context.knex, objectId);
      removed++;
    }
    if (page.length < PAGE) return removed;
  }
}

export async function schedulePhotoRemovals(context: RemovalContext): Promise<void> {
  context.jobs.register(
    REMOVE_PHOTOS_JOB,
    async () => {
      const removed = await removeQueuedPhotos(context);
      if (removed) context.logger.info({ removed }, 'photos of deleted announcements removed');
    },
    { attempts: 5, backoffMs: 5000 },
  );
  await context.jobs.repeat(REMOVE_PHOTOS_JOB, PHOTO_REMOVAL_EVERY_MS);
}
