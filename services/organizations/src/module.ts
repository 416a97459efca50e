import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { readModelsMigration } from '../migrations/001-read-models';
import { dropInvitationMailsMigration } from '../migrations/002-drop-invitation-mails';
import { membersMigration } from '../migrations/003-members';
import { venuesMigration } from '../migrations/004-venues';
import { venueItemModerationMigration } from '../migrations/005-venue-item-moderation';
import { createApp } from './app';
import { subscriptions } from './consumers/subscriptions';
import { scheduleSubscriptionExpiry } from './jobs/expire-subscriptions';
import { scheduleVenuePages } from './jobs/give-venue-pages';
import { project, READ_MODEL_TABLES } from './store/projection';

/**
 * Organisations: applications and their review, organisations, subscriptions (expired at their
 * end date by a repeated job), members (admins and staff) and their invitations (e-mailed by the
 * notifications service, which consumes `organizations.invitation.issued`). `organization_announcements` is consumer state, not rebuilt,
 * and so is `venue_claims` (issue 26: the venue pages' scorecards, from `requests.events`).
 */
export const organizationsModule: EventSourcedModule = {
  name: 'organizations',
  schema: 'organizations',
  migrations: [
    readModelsMigration,
    dropInvitationMailsMigration,
    membersMigration,
    venuesMigration,
    venueItemModerationMigration,
  ],
  eventSourcing: { project, readModelTables: READ_MODEL_TABLES },
  createApp,
  subscriptions,
  async startWorker(context) {
    await scheduleSubscriptionExpiry(context);
    await scheduleVenuePages(context);
  },
};
