import type { Endpoint, ResponseOf } from '@tapinti/contracts/endpoint';
import { apiRequest } from './api-client';
import { apiPath } from './api-path';

export interface CallOptions {
  /** Values for the path's `:params`. */
  params?: Record<string, string>;
  /** Query values; empty ones are left out. */
  query?: Record<string, string | number | undefined | null>;
  /** The whole URL when the caller already has it (an SWR key built with `apiPath`). */
  url?: string;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls one endpoint contract: its method, its path, and its answer parsed with its response
 * schema (the very schema the server serialises with), so the web reads exactly the contract.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const url = options.url ?? apiPath(endpoint.path, options.params, options.query);
  const answer = await apiRequest(endpoint.method.toUpperCase(), url, {
    body: options.body,
    schema: endpoint.response.schema ?? undefined,
    signal: options.signal,
  });
  return answer as ResponseOf<E>;
}
