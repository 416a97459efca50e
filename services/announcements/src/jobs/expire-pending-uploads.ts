import type { ServiceContext } from '@tapinti/runtime/service-module';
import { createPhotos } from '../application/photos';

/** One repeated job deletes every upload whose URL expired before it was normalised. */
export const EXPIRE_PENDING_UPLOADS_JOB = 'expire-pending-uploads';

/** Registers the job and its schedule (`PENDING_UPLOADS_SWEEP_EVERY_MS`): once at start, then periodically. */
export async function scheduleUploadExpiry(context: ServiceContext): Promise<void> {
  const photos = createPhotos(context);
  context.jobs.register(EXPIRE_PENDING_UPLOADS_JOB, async () => {
    const deleted = await photos.deleteExpiredUploads();
    if (deleted) context.logger.info({ deleted }, 'expired uploads deleted');
  });
  await context.jobs.repeat(EXPIRE_PENDING_UPLOADS_JOB, context.config.PENDING_UPLOADS_SWEEP_EVERY_MS);
}
