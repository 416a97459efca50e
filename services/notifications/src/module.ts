import type { ConsumingModule } from '@tapinti/runtime/service-module';
import { notificationsMigration } from '../migrations/001-notifications';
import { applicationSubscriptionMigration } from '../migrations/002-application-subscription';
import { announcementPeriodsMigration } from '../migrations/003-announcement-periods';
import { inventoryItemsMigration } from '../migrations/004-inventory-items';
import { conversationMailMigration } from '../migrations/005-conversation-mail';
import { savedSearchesMigration } from '../migrations/006-saved-searches';
import { createApp } from './app';
import { rebuildDirectory } from './application/rebuild';
import { subscriptions } from './consumers/subscriptions';
import { startNotificationsWorker } from './jobs/worker';

/**
 * Notifications: consumes the other services' events into its own directory, writes one row per
 * notification and channel in the consumed batch's transaction, and delivers e-mails through
 * `send-notification` jobs with retries; the in-app inbox, preferences and operations over HTTP.
 * It appends no events of its own (no relay); see services/notifications/README.md.
 */
export const notificationsModule: ConsumingModule = {
  name: 'notifications',
  schema: 'notifications',
  // Object storage: reads the receipts it attaches.
  objectStorage: true,
  migrations: [
    notificationsMigration,
    applicationSubscriptionMigration,
    announcementPeriodsMigration,
    inventoryItemsMigration,
    conversationMailMigration,
    savedSearchesMigration,
  ],
  createApp,
  subscriptions,
  startWorker: startNotificationsWorker,
  // The recipients directory, from the consumed events the service keeps.
  rebuild: rebuildDirectory,
};
