import type { Express } from 'express';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createAnalytics } from './application/analytics';
import { createAuditLogs } from './application/audit-logs';
import { routes } from './http/routes';

export function createApp(context: ServiceContext): Express {
  const useCases = { auditLogs: createAuditLogs(context), analytics: createAnalytics(context) };
  return createServiceApp(context, (app) => routes(app, useCases));
}
