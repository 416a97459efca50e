import useSWR from 'swr';
import {
  ANALYTICS_ENDPOINTS,
  SEARCH_MIN_LENGTH,
  SEARCH_RESULTS_PER_GROUP,
  type SearchResults,
} from '@tapinti/contracts/analytics-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

export { SEARCH_MIN_LENGTH, SEARCH_RESULTS_PER_GROUP };

/** Spec §5, §9: the search runs only with more than 2 characters. */
export const searchable = (q: string) => q.trim().length >= SEARCH_MIN_LENGTH;

/** GET /api/search?q= (super admin): at most 3 results per group. */
export function useGlobalSearch(q: string) {
  const text = q.trim();
  return useSWR<SearchResults>(
    searchable(text) ? apiPath(ANALYTICS_ENDPOINTS.search.path, {}, { q: text, type: 'all' }) : null,
    async (url: string) => {
      const results = await callEndpoint(ANALYTICS_ENDPOINTS.search, { url });
      return {
        organizations: results.organizations.slice(0, SEARCH_RESULTS_PER_GROUP),
        announcements: results.announcements.slice(0, SEARCH_RESULTS_PER_GROUP),
        users: results.users.slice(0, SEARCH_RESULTS_PER_GROUP),
      };
    },
    { keepPreviousData: true },
  );
}
