import useSWRMutation from 'swr/mutation';
import { AUTH_ENDPOINTS } from '@tapinti/contracts/auth-api';
import { callEndpoint } from '../../../lib/api-endpoint';

/** POST /api/logout: the answer is not read. */
export async function logout(): Promise<void> {
  await callEndpoint(AUTH_ENDPOINTS.logout);
}

export function useLogout() {
  return useSWRMutation(AUTH_ENDPOINTS.logout.path, () => logout());
}
