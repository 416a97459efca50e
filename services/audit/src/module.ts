import type { ConsumingModule } from '@tapinti/runtime/service-module';
import { auditLogs } from '../migrations/001-audit-logs';
import { analyticsReadModels } from '../migrations/analytics-001-read-models';
import { createApp } from './app';
import { auditSubscriptions } from './consumers/subscriptions';

/**
 * Audit log and analytics (KPIs, global search): tables fed by consumers of the other services'
 * events. It appends no events of its own, so it has no relay and no projector.
 */
export const auditModule: ConsumingModule = {
  name: 'audit',
  schema: 'audit',
  migrations: [auditLogs, analyticsReadModels],
  createApp,
  subscriptions: auditSubscriptions,
};
