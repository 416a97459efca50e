import type { Express } from 'express';
import { ORGANIZATION_ENDPOINTS, ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import { ValidationError } from '@tapinti/platform/errors';
import type { Applications } from '../application/applications';
import type { Organizations } from '../application/organizations';
import type { Plans } from '../application/plans';
import { PLAN_ENDPOINTS } from '@tapinti/contracts/plans-api';
import { VENUE_ENDPOINTS } from '@tapinti/contracts/venues-api';
import type { Response } from 'express';
import type { Venues } from '../application/venues';

/** A PDF opened in the browser's own viewer (inline), never cached. */
function sendPdf(res: Response, { filename, pdf }: { filename: string; pdf: Buffer }): void {
  res.writeHead(200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${filename}"`,
    'Content-Length': pdf.length,
    'Cache-Control': 'no-store',
  });
  res.end(pdf);
}

/** parse → use case → answer; the contracts in `ORGANIZATION_ENDPOINTS` parse and serialise. */
export function routes(
  app: Express,
  {
    applications,
    organizations,
    plans,
    venues,
  }: { applications: Applications; organizations: Organizations; plans: Plans; venues: Venues },
): void {
  mountEndpoints(app, ORGANIZATION_ENDPOINTS, {
    submitApplication: ({ body, caller, req }) => applications.submit(body, caller, requestMetadata(req)),
    listApplications: ({ query }) => applications.list(query.status),
    approveApplication: async ({ params, body, caller, req }) => {
      // Every field is optional, but the body is not: `{}` approves with the defaults.
      if (req.body === undefined) throw new ValidationError(ORGANIZATION_MESSAGES.bodyRequired);
      return applications.approve(params.id, body, caller, requestMetadata(req));
    },
    rejectApplication: ({ params, body, caller, req }) =>
      applications.reject(params.id, body.reason, caller, requestMetadata(req)),
    requestContract: ({ params, caller, req }) =>
      applications.requestContract(params.id, caller, requestMetadata(req)),

    listOrganizations: () => organizations.list(),
    getOrganization: ({ params, caller }) => organizations.get(caller, params.id),
    updateOrganization: ({ params, body, caller, req }) =>
      organizations.update(params.id, body, caller, requestMetadata(req)),
    listOrganizationAnnouncements: ({ params, caller }) => organizations.announcements(caller, params.id),
    inviteAdmin: ({ params, body, caller, req }) =>
      organizations.invite(caller, params.id, body, requestMetadata(req)),
    listMembers: ({ params, caller }) => organizations.members(caller, params.id),
    removeMember: ({ params, caller, req }) =>
      organizations.removeMember(caller, params.id, params.userId, requestMetadata(req)),
  });
  // Plans and their limits (issue 25 point 8).
  mountEndpoints(app, PLAN_ENDPOINTS, {
    getOrganizationPlan: ({ params, caller }) => plans.get(caller, params.id),
    changeOrganizationPlan: ({ params, body, caller, req }) =>
      plans.change(caller, params.id, body, requestMetadata(req)),
  });
  // Venue pages (issue 26 point 4).
  mountEndpoints(app, VENUE_ENDPOINTS, {
    listVenues: () => venues.list(),
    getVenue: ({ params }) => venues.page(params.slug),
    getVenueProfile: ({ params, caller }) => venues.profile(caller, params.id),
    updateVenueProfile: ({ params, body, caller, req }) =>
      venues.update(caller, params.id, body, requestMetadata(req)),
    venuePoster: async ({ params, caller, res }) => sendPdf(res, await venues.poster(caller, params.id)),
  });
}
