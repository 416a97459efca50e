import type { Express } from 'express';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createComplaints } from './application/complaints';
import { createRequests } from './application/requests';
import { requestLimitsFrom } from './config';
import { requestsRoutes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  return createServiceApp(
    context,
    requestsRoutes(createRequests(context, requestLimitsFrom()), createComplaints(context)),
  );
}
