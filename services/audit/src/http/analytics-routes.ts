import type { Express } from 'express';
import { ANALYTICS_ENDPOINTS } from '@tapinti/contracts/analytics-api';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { UseCases } from './routes';

/** GET /api/analytics/kpis and GET /api/search: super_admin only (401 signed out, 403 others). */
export function analyticsRoutes(app: Express, { analytics }: UseCases): void {
  mountEndpoints(app, ANALYTICS_ENDPOINTS, {
    kpis: async ({ query }) => analytics.kpis(query),
    search: async ({ query }) => analytics.search(query),
  });
}
