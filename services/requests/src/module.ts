import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { readModelsMigration } from '../migrations/001-read-models';
import { complaintsAndHandoversMigration } from '../migrations/002-complaints-and-handovers';
import { announcementModerationMigration } from '../migrations/003-announcement-moderation';
import { organizationStatusMigration } from '../migrations/004-organization-status';
import { verifiedEmailsMigration } from '../migrations/005-verified-emails';
import { answerDeadlinesMigration } from '../migrations/006-answer-deadlines';
import { venueChecksMigration } from '../migrations/007-venue-checks';
import { createApp } from './app';
import { requestsSubscriptions } from './consumers/subscriptions';
import { scheduleAnswerDeadlines } from './jobs/answer-deadlines';
import { project } from './store/projection';

/**
 * Requests: claims on announcements' items and their handling, the hand-over of a claimed item
 * (the owner's code), and complaints to the platform. `requests`, `handovers` and `complaints`
 * are read models of this service's events; `request_details` and `complaint_details` (what
 * people wrote, never an event), `announcements` and `users` (copies from other services'
 * events) are not rebuilt from them. `answer_deadlines` and `venue_checks` (issue 26) are read
 * models; `venue_terms` consumer state. A repeated job reminds and escalates claims and venue
 * checks left unanswered.
 */
export const requestsModule: EventSourcedModule = {
  name: 'requests',
  schema: 'requests',
  migrations: [
    readModelsMigration,
    complaintsAndHandoversMigration,
    announcementModerationMigration,
    organizationStatusMigration,
    verifiedEmailsMigration,
    answerDeadlinesMigration,
    venueChecksMigration,
  ],
  eventSourcing: {
    project,
    readModelTables: ['requests', 'handovers', 'complaints', 'answer_deadlines', 'venue_checks'],
  },
  createApp,
  subscriptions: requestsSubscriptions,
  async startWorker(context) {
    await scheduleAnswerDeadlines(context);
  },
};
