import type { Express } from 'express';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { auditRoutes } from './http/routes';
import { analyticsRoutes } from './analytics/analytics-module';

export function createApp(context: ServiceContext): Express {
  return createServiceApp(context, (app) => {
    auditRoutes(context)(app);
    analyticsRoutes(app, context);
  });
}
