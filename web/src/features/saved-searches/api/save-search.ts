import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CreateSavedSearchRequest, SavedSearch } from '@tapinti/contracts/saved-searches-api';

/**
 * POST /api/notifications/saved-searches, for the home page's «Bu axtarışı yadda saxla» and a lost
 * post's alert: the contract and its calls load when the button is pressed, not with the home page
 * (its first JS has a budget). The caller's list is read again after it.
 */
export function useSaveSearch() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'POST /api/notifications/saved-searches',
    async (_key: string, { arg }: { arg: CreateSavedSearchRequest }): Promise<SavedSearch> => {
      const api = await import('./saved-searches');
      const saved = await api.createSavedSearch(arg);
      void mutate(api.SAVED_SEARCHES_KEY);
      return saved;
    },
  );
}
