import type { Express } from 'express';
import { ORGANIZATION_ENDPOINTS as E } from '@tapinti/contracts/organizations-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoint } from '@tapinti/platform/endpoint-route';
import type { Applications } from '../application/applications';
import type { Organizations } from '../application/organizations';

/** parse → use case → answer; the contracts in `ORGANIZATION_ENDPOINTS` parse and serialise. */
export function organizationRoutes(applications: Applications, organizations: Organizations) {
  return (app: Express) => {
    mountEndpoint(app, E.submitApplication, ({ body, caller, req }) =>
      applications.submit(body, caller, requestMetadata(req)),
    );
    mountEndpoint(app, E.listApplications, ({ query }) => applications.list(query.status));
    mountEndpoint(app, E.approveApplication, ({ params, body, caller, req }) =>
      applications.approve(params.id, body, caller, requestMetadata(req)),
    );
    mountEndpoint(app, E.rejectApplication, ({ params, body, caller, req }) =>
      applications.reject(params.id, body.reason, caller, requestMetadata(req)),
    );
    mountEndpoint(app, E.requestContract, ({ params, caller, req }) =>
      applications.requestContract(params.id, caller, requestMetadata(req)),
    );

    mountEndpoint(app, E.listOrganizations, () => organizations.list());
    mountEndpoint(app, E.getOrganization, ({ params, caller }) => organizations.get(caller, params.id));
    mountEndpoint(app, E.updateOrganization, ({ params, body, caller, req }) =>
      organizations.update(params.id, body, caller, requestMetadata(req)),
    );
    mountEndpoint(app, E.listOrganizationAnnouncements, ({ params, caller }) =>
      organizations.announcements(caller, params.id),
    );
    mountEndpoint(app, E.inviteAdmin, ({ params, body, caller, req }) =>
      organizations.invite(caller, params.id, body.email, requestMetadata(req)),
    );
  };
}
