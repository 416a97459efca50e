import type { Express } from 'express';
import { REQUEST_ENDPOINTS } from '@tapinti/contracts/requests-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoint } from '@tapinti/platform/endpoint-route';
import type { Requests } from '../application/requests';

/** parse → use case → answer; the contracts in `REQUEST_ENDPOINTS` parse and serialise. */
export function requestsRoutes(requests: Requests) {
  return (app: Express) => {
    mountEndpoint(app, REQUEST_ENDPOINTS.file, async ({ body, caller, req }) =>
      requests.file(caller, body, requestMetadata(req)),
    );

    mountEndpoint(app, REQUEST_ENDPOINTS.my, async ({ caller }) => requests.listMine(caller));

    mountEndpoint(app, REQUEST_ENDPOINTS.incoming, async ({ caller, query }) =>
      requests.listIncoming(caller, query.status),
    );

    mountEndpoint(app, REQUEST_ENDPOINTS.organization, async ({ caller, params, query }) =>
      requests.listForOrganization(caller, params.id, query.status),
    );

    mountEndpoint(app, REQUEST_ENDPOINTS.updateStatus, async ({ caller, params, body, req }) =>
      requests.changeStatus(caller, params.id, body.status, requestMetadata(req)),
    );
  };
}
