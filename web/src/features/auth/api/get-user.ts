import useSWR from 'swr';
import { AUTH_ENDPOINTS, type ClientUser } from '@tapinti/contracts/auth-api';
import { ApiError } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/api-endpoint';

export const USER_KEY = AUTH_ENDPOINTS.currentUser.path;

/** GET /api/user: the signed-in user (spec §3 client-side user), or null on 401. */
export async function getUser(): Promise<ClientUser | null> {
  try {
    return await callEndpoint(AUTH_ENDPOINTS.currentUser);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useUser() {
  const { data, error, isLoading, mutate } = useSWR<ClientUser | null>(USER_KEY, getUser);
  return { user: data ?? null, isLoading, error: error as Error | undefined, mutate };
}
