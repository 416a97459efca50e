import type { Express } from 'express';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createApplications } from './application/applications';
import { createOrganizations } from './application/organizations';
import { createPlans } from './application/plans';
import { createVenues } from './application/venues';
import { routes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  const applications = createApplications(context);
  const organizations = createOrganizations(context);
  const plans = createPlans(context, organizations);
  const venues = createVenues(context, organizations);
  return createServiceApp(context, (app) => routes(app, { applications, organizations, plans, venues }));
}
