import type { Express } from 'express';
import { MODERATION_ENDPOINTS } from '@tapinti/contracts/announcements-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { UseCases } from './routes';

/** parse → use case → answer; the contracts in `MODERATION_ENDPOINTS` (super admins only) parse and serialise. */
export function moderationRoutes(app: Express, { moderation }: UseCases): void {
  mountEndpoints(app, MODERATION_ENDPOINTS, {
    queue: async () => moderation.queue(),
    approve: async ({ params, req }) => moderation.approve(params.id, requestMetadata(req)),
    hide: async ({ params, body, req }) => moderation.hide(params.id, body.reason, requestMetadata(req)),
    restore: async ({ params, req }) => moderation.restore(params.id, requestMetadata(req)),
  });
}
