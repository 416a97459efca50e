import type { Express } from 'express';
import { organizationStatusReader } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createComplaints } from './application/complaints';
import { createRequests } from './application/requests';
import { createAnswerDeadlines } from './application/answer-deadlines';
import { createVenueChecks } from './application/venue-checks';
import { answerDeadlineSettingsFrom, requestLimitsFrom, venueCheckLimitsFrom } from './config';
import { routes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  const requests = createRequests(context, requestLimitsFrom(), answerDeadlineSettingsFrom().hourMs);
  const complaints = createComplaints(context);
  const deadlines = createAnswerDeadlines(context);
  const venueChecks = createVenueChecks(context, venueCheckLimitsFrom(), answerDeadlineSettingsFrom().hourMs);
  return createServiceApp(context, (app) => routes(app, { requests, complaints, deadlines, venueChecks }), {
    organizationActive: organizationStatusReader(context.knex, 'requests'),
  });
}
