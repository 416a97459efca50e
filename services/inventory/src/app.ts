import type { Express } from 'express';
import { organizationStatusReader } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createInventory } from './application/inventory';
import { routes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  const inventory = createInventory(context);
  return createServiceApp(context, (app) => routes(app, inventory), {
    organizationActive: organizationStatusReader(context.knex, 'inventory'),
  });
}
