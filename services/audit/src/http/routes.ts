import type { Express } from 'express';
import { AUDIT_ENDPOINTS } from '@tapinti/contracts/audit-api';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { listAuditLogs } from '../store/audit-logs';

/** GET /api/audit-logs: super_admin only (401 without a session, 403 for other roles). */
export function auditRoutes(context: ServiceContext) {
  return (app: Express) => {
    mountEndpoints(app, AUDIT_ENDPOINTS, {
      list: async ({ query }) => listAuditLogs(context.knex, query),
    });
  };
}
