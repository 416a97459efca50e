import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { readModelsMigration } from '../migrations/001-read-models';
import { organizationStatusMigration } from '../migrations/002-organization-status';
import { retentionAndDisposalMigration } from '../migrations/003-retention-and-disposal';
import { claimsAndHandOverMigration } from '../migrations/004-claims-and-hand-over';
import { organizationNamesMigration } from '../migrations/005-organization-names';
import { organizationPlansMigration } from '../migrations/006-organization-plans';
import { itemSearchMigration } from '../migrations/007-item-search';
import { listedPubliclyMigration } from '../migrations/008-listed-publicly';
import { createApp } from './app';
import { inventorySubscriptions } from './consumers/subscriptions';
import { project, READ_MODEL_TABLES } from './store/projection';

/**
 * Inventory (issue 25): a venue's register of the found items it holds — the organisation's
 * reference prefix, counter and retention, its storage places, intake, custody, claims, the desk
 * hand-over and disposal. `organization_status`
 * (which organisations are active, from the organizations service's events) and `organization_names`
 * are consumer state, not rebuilt; so is `organization_plans` (the plans' limits).
 */
export const inventoryModule: EventSourcedModule = {
  name: 'inventory',
  schema: 'inventory',
  // Object storage: hand-over receipts for the e-mail.
  objectStorage: true,
  migrations: [
    readModelsMigration,
    organizationStatusMigration,
    retentionAndDisposalMigration,
    claimsAndHandOverMigration,
    organizationNamesMigration,
    organizationPlansMigration,
    itemSearchMigration,
    listedPubliclyMigration,
  ],
  eventSourcing: { project, readModelTables: READ_MODEL_TABLES },
  createApp,
  subscriptions: inventorySubscriptions,
};
