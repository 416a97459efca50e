import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { conversationsMigration } from '../migrations/001-conversations';
import { organizationStatusMigration } from '../migrations/002-organization-status';
import { createApp } from './app';
import { conversationsSubscriptions } from './consumers/subscriptions';
import { project } from './store/projection';

/**
 * Conversations (issue 26.2): one per claim, between its claimant and whoever holds the item.
 * `conversations`, `messages`, `shared_contacts` and `reports` are read models of this service's
 * events; `message_texts` and `contact_values` (what people wrote and shared, never an event) and
 * `users` (a copy from auth's events) are not rebuilt from them.
 */
export const conversationsModule: EventSourcedModule = {
  name: 'conversations',
  schema: 'conversations',
  migrations: [conversationsMigration, organizationStatusMigration],
  eventSourcing: {
    project,
    readModelTables: ['conversations', 'messages', 'shared_contacts', 'reports'],
  },
  createApp,
  subscriptions: conversationsSubscriptions,
};
