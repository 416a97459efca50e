import { ApiError } from './api-client';

/** Why a load failed, as a visitor should hear it: their connection, our server, or the request. */
export type LoadFailure = 'offline' | 'server' | 'request';

/**
 * `fetch` rejects with a TypeError when no answer arrived at all (no network, DNS, a dropped
 * connection); the browser also knows when it is offline. An answer of 5xx is the server's fault.
 */
export function loadFailureOf(error: unknown): LoadFailure {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  if (error instanceof ApiError) return error.status >= 500 ? 'server' : 'request';
  return error instanceof TypeError ? 'offline' : 'request';
}
