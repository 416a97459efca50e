import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { readModelsMigration } from '../migrations/001-read-models';
import { createApp } from './app';
import { announcementsSubscriptions } from './consumers/subscriptions';
import { scheduleArchiving } from './jobs/archive-announcements';
import { projectAnnouncementEvent } from './store/announcements-store';

/**
 * Announcements: posting, the public list and search, details, photos, and archiving after
 * `ANNOUNCEMENT_ARCHIVE_AFTER_MS` (30 days by default). Only `announcements` is a read model of
 * this service's events; `uploads` and `user_contacts` are not rebuilt from them.
 */
export const announcementsModule: EventSourcedModule = {
  name: 'announcements',
  schema: 'announcements',
  migrations: [readModelsMigration],
  eventSourcing: { project: projectAnnouncementEvent, readModelTables: ['announcements'] },
  createApp,
  subscriptions: announcementsSubscriptions,
  async startWorker(context) {
    await scheduleArchiving(context);
  },
};
