import type { Express } from 'express';
import { organizationStatusReader } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createInventory } from './application/inventory';
import { createReports } from './application/reports';
import { reportRoutes } from './http/report-routes';
import { routes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  const inventory = createInventory(context);
  const reports = createReports(context);
  const mount = (app: Express) => {
    routes(app, inventory);
    reportRoutes(app, reports);
  };
  return createServiceApp(context, mount, {
    organizationActive: organizationStatusReader(context.knex, 'inventory'),
  });
}
