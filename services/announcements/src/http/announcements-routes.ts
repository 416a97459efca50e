import type { Express } from 'express';
import { ANNOUNCEMENT_ENDPOINTS } from '@tapinti/contracts/announcements-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createAnnouncements } from '../application/announcements';

/** parse → use case → answer; the contracts in `ANNOUNCEMENT_ENDPOINTS` parse and serialise. */
export function announcementsRoutes(app: Express, context: EventSourcedContext): void {
  const announcements = createAnnouncements(context);
  mountEndpoints(app, ANNOUNCEMENT_ENDPOINTS, {
    list: async ({ query }) => announcements.listPublic(query),
    create: async ({ body, caller, req }) => announcements.create(caller, body, requestMetadata(req)),
    my: async ({ caller }) => announcements.listMine(caller),
    details: async ({ params, caller }) => announcements.details(caller, params.id),
    setSecurityQuestions: async ({ params, body, caller, req }) =>
      announcements.setSecurityQuestions(caller, params.id, body.securityQuestions, requestMetadata(req)),
  });
}
