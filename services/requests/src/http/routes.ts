import type { Express } from 'express';
import { REQUEST_ENDPOINTS } from '@tapinti/contracts/requests-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { Requests } from '../application/requests';

/** parse → use case → answer; the contracts in `REQUEST_ENDPOINTS` parse and serialise. */
export function requestsRoutes(requests: Requests) {
  return (app: Express) => {
    mountEndpoints(app, REQUEST_ENDPOINTS, {
      file: async ({ body, caller, req }) => requests.file(caller, body, requestMetadata(req)),
      my: async ({ caller }) => requests.listMine(caller),
      incoming: async ({ caller, query }) => requests.listIncoming(caller, query.status),
      organization: async ({ caller, params, query }) =>
        requests.listForOrganization(caller, params.id, query.status),
      updateStatus: async ({ caller, params, body, req }) =>
        requests.changeStatus(caller, params.id, body.status, requestMetadata(req)),
    });
  };
}
