import type { Express } from 'express';
import { CONVERSATION_ENDPOINTS } from '@tapinti/contracts/conversations-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { Conversations } from '../application/conversations';

/** parse → use case → answer; the contracts in `CONVERSATION_ENDPOINTS` parse and serialise. */
export function routes(app: Express, { conversations }: { conversations: Conversations }): void {
  mountEndpoints(app, CONVERSATION_ENDPOINTS, {
    reported: async () => conversations.listReported(),
    get: async ({ caller, params }) => conversations.get(caller, params.id),
    post: async ({ caller, params, body, req }) =>
      conversations.post(caller, params.id, body.text, requestMetadata(req)),
    share: async ({ caller, params, body, req }) =>
      conversations.share(caller, params.id, body.contact, requestMetadata(req)),
    report: async ({ caller, params, body, req }) =>
      conversations.report(caller, params.id, body.reason, requestMetadata(req)),
  });
}
