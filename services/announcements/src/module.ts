import type { ServiceModule } from '@tapinti/runtime/service-module';
import { readModelsMigration } from '../migrations/001-read-models';
import { createApp } from './app';
import { startUserContactsConsumer } from './consumers/user-contacts-consumer';
import { registerArchiveJob, sweep, SWEEP_EVERY_MS } from './jobs/archive-announcements';
import { projectAnnouncementEvent } from './store/announcements-store';

/**
 * Announcements: posting, the public list and search, details, photos, and archiving after
 * `ANNOUNCEMENT_ARCHIVE_AFTER_MS` (30 days by default). Only `announcements` is a read model of
 * this service's events; `uploads` and `user_contacts` are not rebuilt from them.
 */
export const announcementsModule: ServiceModule = {
  name: 'announcements',
  schema: 'announcements',
  migrations: [readModelsMigration],
  project: projectAnnouncementEvent,
  readModelTables: ['announcements'],
  async start(context) {
    registerArchiveJob(context);
    await startUserContactsConsumer(context);

    // Archiving survives restarts (and jobs lost with an in-memory queue): sweep now, in the
    // background so start-up is not held up, then every few hours.
    let stopped = false;
    let sweeping: Promise<void> = Promise.resolve();
    const runSweep = () => {
      sweeping = sweeping
        .then(() => sweep(context, () => stopped))
        .then((result) => {
          if (result.archived || result.scheduled) context.logger.info(result, 'archive sweep done');
        })
        .catch((err) => {
          if (!stopped) context.logger.error({ err }, 'archive sweep failed; the next one retries');
        });
    };
    // After start-up returns, so the job queue has started and enqueued jobs run at once.
    const first = setTimeout(runSweep, 0);
    const timer = setInterval(runSweep, SWEEP_EVERY_MS);
    timer.unref();

    return {
      app: createApp(context),
      async stop() {
        stopped = true;
        clearTimeout(first);
        clearInterval(timer);
        await sweeping;
      },
    };
  },
};
