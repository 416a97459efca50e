import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { readModelsMigration } from '../migrations/001-read-models';
import { createApp } from './app';
import { subscriptions } from './consumers/subscriptions';
import { scheduleSubscriptionExpiry } from './jobs/expire-subscriptions';
import { scheduleInvitationMails } from './jobs/send-invitation-mails';
import { project, READ_MODEL_TABLES } from './store/projection';

/**
 * Organisations: applications and their review, organisations, subscriptions (expired at their
 * end date by a repeated job) and admin invitations (e-mailed by the consumer of its own events).
 * `invitation_mails` and `organization_announcements` are consumer state, not rebuilt.
 */
export const organizationsModule: EventSourcedModule = {
  name: 'organizations',
  schema: 'organizations',
  migrations: [readModelsMigration],
  eventSourcing: { project, readModelTables: READ_MODEL_TABLES },
  createApp,
  subscriptions,
  async startWorker(context) {
    await scheduleSubscriptionExpiry(context);
    await scheduleInvitationMails(context);
  },
};
