import type { Express } from 'express';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { analyticsRoutes } from './http/analytics-routes';
import { auditFeedRoutes } from './http/feed-routes';
import { auditRoutes } from './http/routes';

export function createApp(context: ServiceContext): Express {
  return createServiceApp(context, (app) => {
    auditRoutes(context)(app);
    analyticsRoutes(app, context);
    auditFeedRoutes(app, context);
  });
}
