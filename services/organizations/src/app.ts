import type { Express } from 'express';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createApplications } from './application/applications';
import { createOrganizations } from './application/organizations';
import { organizationRoutes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  return createServiceApp(
    context,
    organizationRoutes(createApplications(context), createOrganizations(context)),
  );
}
