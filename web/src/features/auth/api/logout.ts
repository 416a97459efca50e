import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/logout: the answer is not read. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}

export function useLogout() {
  return useSWRMutation('/api/logout', () => logout());
}
