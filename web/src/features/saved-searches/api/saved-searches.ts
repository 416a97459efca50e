import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  SAVED_SEARCH_ENDPOINTS,
  type CreateSavedSearchRequest,
  type SavedSearch,
  type SavedSearchFrequency,
} from '@tapinti/contracts/saved-searches-api';
import { callEndpoint } from '../../../lib/api-endpoint';

const E = SAVED_SEARCH_ENDPOINTS;

export const SAVED_SEARCHES_KEY = E.list.path;

/** GET /api/notifications/saved-searches (signed-in users only: `enabled`). */
export function useSavedSearches(enabled: boolean) {
  return useSWR<{ items: SavedSearch[] }>(enabled ? SAVED_SEARCHES_KEY : null, (url: string) =>
    callEndpoint(E.list, { url }),
  );
}

/** POST /api/notifications/saved-searches (the hook, save-search.ts, loads this module on demand). */
export const createSavedSearch = (body: CreateSavedSearchRequest): Promise<SavedSearch> =>
  callEndpoint(E.create, { body });

/** PUT /api/notifications/saved-searches/:id: hourly e-mails or the daily digest. */
export function useChangeFrequency() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'PUT /api/notifications/saved-searches/:id',
    (_key: string, { arg }: { arg: { id: string; frequency: SavedSearchFrequency } }) =>
      callEndpoint(E.update, { params: { id: arg.id }, body: { frequency: arg.frequency } }),
    { onSuccess: () => void mutate(SAVED_SEARCHES_KEY) },
  );
}

/** DELETE /api/notifications/saved-searches/:id */
export function useDeleteSavedSearch() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'DELETE /api/notifications/saved-searches/:id',
    (_key: string, { arg }: { arg: string }) => callEndpoint(E.remove, { params: { id: arg } }),
    { onSuccess: () => void mutate(SAVED_SEARCHES_KEY) },
  );
}

/** POST /api/notifications/saved-searches/confirm: the e-mailed link's token. */
export const confirmSavedSearches = (token: string) => callEndpoint(E.confirm, { body: { token } });
