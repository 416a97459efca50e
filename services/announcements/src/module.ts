import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { readModelsMigration } from '../migrations/001-read-models';
import { securityQuestionsMigration } from '../migrations/002-security-questions';
import { photoNormalisationMigration } from '../migrations/003-photo-normalisation';
import { announcementLifeMigration } from '../migrations/004-announcement-life';
import { matchesMigration } from '../migrations/005-matches';
import { shortSearchMigration } from '../migrations/006-short-search';
import { moderationMigration } from '../migrations/007-moderation';
import { authorVerificationMigration } from '../migrations/008-author-verification';
import { listPagingMigration } from '../migrations/009-list-paging';
import { handedOverMigration } from '../migrations/010-handed-over';
import { organizationStatusMigration } from '../migrations/011-organization-status';
import { reportStandingMigration } from '../migrations/012-report-standing';
import { photoListsMigration } from '../migrations/013-photo-lists';
import { searchDocumentMigration } from '../migrations/014-search-document';
import { placesMigration } from '../migrations/015-places';
import { mapMigration } from '../migrations/016-map';
import { listedCountsMigration } from '../migrations/017-listed-counts';
import { venueCheckPairsMigration } from '../migrations/018-venue-check-pairs';
import { boardChangesMigration } from '../migrations/019-board-changes';
import { createApp } from './app';
import { announcementsSubscriptions } from './consumers/subscriptions';
import { scheduleArchiving } from './jobs/archive-announcements';
import { schedulePhotoRemovals } from './jobs/remove-photos';
import { scheduleUploadExpiry } from './jobs/expire-pending-uploads';
import { projectAnnouncementEvent } from './store/projection';

/**
 * Announcements: posting, the public list and search, details, photos, and archiving after
 * `ANNOUNCEMENT_ARCHIVE_AFTER_MS` (30 days by default), security questions of found items, and
 * resolving an announcement when a claim on it is resolved_claimed. Only `announcements` is a
 * read model of this service's events; `uploads`, `user_contacts` and `security_answers` (the
 * expected answers, never events) are not rebuilt from them.
 */
export const announcementsModule: EventSourcedModule = {
  name: 'announcements',
  schema: 'announcements',
  // Object storage: photos.
  objectStorage: true,
  migrations: [
    readModelsMigration,
    securityQuestionsMigration,
    photoNormalisationMigration,
    announcementLifeMigration,
    matchesMigration,
    shortSearchMigration,
    moderationMigration,
    authorVerificationMigration,
    listPagingMigration,
    handedOverMigration,
    organizationStatusMigration,
    reportStandingMigration,
    photoListsMigration,
    searchDocumentMigration,
    placesMigration,
    mapMigration,
    listedCountsMigration,
    venueCheckPairsMigration,
    boardChangesMigration,
  ],
  eventSourcing: {
    project: projectAnnouncementEvent,
    readModelTables: ['announcements', 'reports', 'listed_counts'],
  },
  createApp,
  subscriptions: announcementsSubscriptions,
  async startWorker(context) {
    await scheduleArchiving(context);
    await schedulePhotoRemovals(context);
    await scheduleUploadExpiry(context);
  },
};
