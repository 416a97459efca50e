import useSWR from 'swr';
import { ANNOUNCEMENT_ENDPOINTS, type PlaceSummary } from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

/**
 * GET /api/announcements/places?q=: places a typed name may mean. The gazetteer stays on the
 * server (issue 24): bundled, it would weigh on the home page's first load.
 */
export function usePlaceSuggestions(query: string) {
  const q = query.trim();
  return useSWR<PlaceSummary[]>(
    q ? apiPath(ANNOUNCEMENT_ENDPOINTS.places.path, {}, { q }) : null,
    (url: string) => callEndpoint(ANNOUNCEMENT_ENDPOINTS.places, { url }),
    { keepPreviousData: true },
  );
}

/** GET /api/announcements/places/:id: the chosen place's names (a filter opened from a link). */
export function usePlace(id: string | undefined) {
  return useSWR<PlaceSummary>(id ? apiPath(ANNOUNCEMENT_ENDPOINTS.place.path, { id }) : null, (url: string) =>
    callEndpoint(ANNOUNCEMENT_ENDPOINTS.place, { url }),
  );
}
