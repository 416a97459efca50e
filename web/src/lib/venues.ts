import useSWR from 'swr';
import { VENUE_LIST_PATH, venueListSchema, type VenueSummary } from '@tapinti/contracts/venue-summary';
import { apiRequest } from './api-client';

/**
 * The active venues (issue 26), shared: announcement cards name and link an organisation's item
 * with it, the venue page and the claim form say how fast it answers. One request, cached by SWR.
 */
export function useVenues(enabled = true) {
  // The list endpoint's own answer schema (VENUE_ENDPOINTS.listVenues), without the rest of the
  // venue contracts: cards are on the home page, whose JavaScript has a budget.
  return useSWR<VenueSummary[]>(enabled ? VENUE_LIST_PATH : null, (url: string) =>
    apiRequest('GET', url, { schema: venueListSchema }),
  );
}

/** The venue of an organisation's item; undefined for people's posts or while loading. */
export function useVenueOf(organizationId: string | null | undefined): VenueSummary | undefined {
  const { data } = useVenues(Boolean(organizationId));
  return organizationId ? data?.find((v) => v.organizationId === organizationId) : undefined;
}
