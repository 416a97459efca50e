import type { SWRConfiguration } from 'swr';

/**
 * Spec §9: no timer refetch, no refetch on focus (or reconnect), never stale, no retries.
 * Identical keys requested together are deduplicated into one request.
 */
export const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  dedupingInterval: 2000,
};
