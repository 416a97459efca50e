import type { Express } from 'express';
import { organizationStatusReader } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createComplaints } from './application/complaints';
import { createRequests } from './application/requests';
import { requestLimitsFrom } from './config';
import { routes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  const requests = createRequests(context, requestLimitsFrom());
  const complaints = createComplaints(context);
  return createServiceApp(context, (app) => routes(app, { requests, complaints }), {
    organizationActive: organizationStatusReader(context.knex, 'requests'),
  });
}
