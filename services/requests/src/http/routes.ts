import type { Express } from 'express';
import { REQUEST_ENDPOINTS } from '@tapinti/contracts/requests-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import { VENUE_CHECK_ENDPOINTS } from '@tapinti/contracts/venue-checks-api';
import { CLAIM_DEADLINE_ENDPOINTS } from '@tapinti/contracts/venues-api';
import type { AnswerDeadlines } from '../application/answer-deadlines';
import type { Complaints } from '../application/complaints';
import type { Requests } from '../application/requests';
import type { VenueChecks } from '../application/venue-checks';

/** parse → use case → answer; the contracts in `REQUEST_ENDPOINTS` parse and serialise. */
export function routes(
  app: Express,
  {
    requests,
    complaints,
    deadlines,
    venueChecks,
  }: { requests: Requests; complaints: Complaints; deadlines: AnswerDeadlines; venueChecks: VenueChecks },
): void {
  // Issue 26 point 1: ask the venues.
  mountEndpoints(app, VENUE_CHECK_ENDPOINTS, {
    ask: async ({ caller, body, req }) => venueChecks.ask(caller, body, requestMetadata(req)),
    forAnnouncement: async ({ caller, query }) => venueChecks.forAnnouncement(caller, query.announcementId),
    inbox: async ({ caller, params }) => venueChecks.inbox(caller, params.id),
    markSeen: async ({ caller, params, req }) =>
      venueChecks.markSeen(caller, params.id, requestMetadata(req)),
    answer: async ({ caller, params, body, req }) =>
      venueChecks.answer(caller, params.id, body, requestMetadata(req)),
  });
  // Issue 26: the super admin's overdue list (before `/api/requests/:id`, which is PUT only anyway).
  mountEndpoints(app, CLAIM_DEADLINE_ENDPOINTS, { listOverdueClaims: () => deadlines.overdue() });
  mountEndpoints(app, REQUEST_ENDPOINTS, {
    file: async ({ body, caller, req }) => requests.file(caller, body, requestMetadata(req)),
    my: async ({ caller }) => requests.listMine(caller),
    incoming: async ({ caller, query }) => requests.listIncoming(caller, query.status),
    organization: async ({ caller, params, query }) =>
      requests.listForOrganization(caller, params.id, query.status),
    updateStatus: async ({ caller, params, body, req }) =>
      requests.changeStatus(caller, params.id, body.status, requestMetadata(req)),
    handovers: async ({ caller }) => requests.listHandovers(caller),
    confirmHandover: async ({ caller, params, body, req }) =>
      requests.confirmHandover(caller, params.id, body.code, requestMetadata(req)),
    unlockHandover: async ({ caller, params, req }) =>
      requests.unlockHandover(caller, params.id, requestMetadata(req)),
    fileComplaint: async ({ caller, body, req }) => complaints.file(caller, body, requestMetadata(req)),
    complaintStatus: async ({ body }) => complaints.progress(body),
    complaints: async ({ query }) => complaints.list(query.status),
    updateComplaint: async ({ caller, params, body, req }) =>
      complaints.update(caller, params.id, body, requestMetadata(req)),
  });
}
