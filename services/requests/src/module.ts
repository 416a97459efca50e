import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { readModelsMigration } from '../migrations/001-read-models';
import { createApp } from './app';
import { requestsSubscriptions } from './consumers/subscriptions';
import { project } from './store/projection';

/**
 * Requests: claims on announcements' items and their handling. Only `requests` is a read model
 * of this service's events; `request_details` (what claimants wrote, never an event),
 * `announcements` and `users` (copies from other services' events) are not rebuilt from them.
 */
export const requestsModule: EventSourcedModule = {
  name: 'requests',
  schema: 'requests',
  migrations: [readModelsMigration],
  eventSourcing: { project, readModelTables: ['requests'] },
  createApp,
  subscriptions: requestsSubscriptions,
};
