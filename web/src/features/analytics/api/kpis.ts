import useSWR from 'swr';
import { ANALYTICS_ENDPOINTS, type Kpis } from '@tapinti/contracts/analytics-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';
import type { DateRange } from '../../../lib/date-range';

/** Spec §9: the KPI query is the only one that refetches on a timer, every 30 s. */
export const KPI_REFRESH_MS = 30_000;

/** GET /api/analytics/kpis?range= (super admin): what was created in the date range. */
export function useKpis(range: DateRange) {
  return useSWR<Kpis>(
    apiPath(ANALYTICS_ENDPOINTS.kpis.path, {}, { range }),
    (url: string) => callEndpoint(ANALYTICS_ENDPOINTS.kpis, { url }),
    {
      refreshInterval: KPI_REFRESH_MS,
    },
  );
}

/** Spec §9: resolved / total requests as a rounded percent (0 without requests). */
export const funnelRate = (kpis: Kpis) =>
  kpis.requests.total === 0 ? 0 : Math.round((kpis.requests.resolved / kpis.requests.total) * 100);
