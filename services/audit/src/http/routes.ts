import type { Express } from 'express';
import { auditLogQuerySchema } from '@tapinti/contracts/audit-api';
import { requireRole } from '@tapinti/platform/session';
import { parseInput } from '@tapinti/platform/validation';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { listAuditLogs } from '../store/audit-logs';

export function auditRoutes(context: ServiceContext) {
  return (app: Express) => {
    // super_admin only: 401 without a session, 403 for other roles.
    app.get('/api/audit-logs', requireRole('super_admin'), async (req, res) => {
      const query = parseInput(auditLogQuerySchema, req.query);
      res.setHeader('Cache-Control', 'no-store');
      res.json(await listAuditLogs(context.knex, query));
    });
  };
}
