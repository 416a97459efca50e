import type { ServiceModule } from '@tapinti/runtime/service-module';
import { auditLogs } from '../migrations/001-audit-logs';
import { createApp } from './app';
import { startAuditConsumers } from './consumers/audit-log-consumer';
// Analytics (KPIs, global search): read models in services/audit/src/analytics/.
import { analyticsReadModels } from '../migrations/analytics-001-read-models';
import { startAnalyticsConsumer } from './analytics/analytics-module';

export const auditModule: ServiceModule = {
  name: 'audit',
  schema: 'audit',
  migrations: [auditLogs, analyticsReadModels],
  // The audit service publishes no events of its own; its event-store tables stay empty.
  project: async () => {},
  // audit_logs and users are fed by consumers of other services' events, not by this
  // service's (empty) event store, so a read-model rebuild must not empty them.
  readModelTables: [],
  async start(context) {
    await startAuditConsumers(context);
    await startAnalyticsConsumer(context);
    return { app: createApp(context) };
  },
};
