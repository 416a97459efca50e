import type { Express } from 'express';
import { AUDIT_ENDPOINTS } from '@tapinti/contracts/audit-api';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { Analytics } from '../application/analytics';
import type { AuditLogs } from '../application/audit-logs';
import { analyticsRoutes } from './analytics-routes';
import { auditFeedRoutes } from './feed-routes';

/** The service's use cases, as its routes answer with them. */
export interface UseCases {
  auditLogs: AuditLogs;
  analytics: Analytics;
}

/** Every endpoint of the service, each answered by its use case. */
export function routes(app: Express, useCases: UseCases): void {
  auditLogRoutes(app, useCases);
  analyticsRoutes(app, useCases);
  auditFeedRoutes(app, useCases);
}

/** GET /api/audit-logs: super_admin only (401 without a session, 403 for other roles). */
function auditLogRoutes(app: Express, { auditLogs }: UseCases): void {
  mountEndpoints(app, AUDIT_ENDPOINTS, {
    list: async ({ query }) => auditLogs.list(query),
  });
}
