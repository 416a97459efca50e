import useSWRMutation from 'swr/mutation';
import { loginRequestSchema, type ClientUser, type LoginRequest } from '@tapinti/contracts/auth-api';
import { apiRequest } from '../../../lib/api-client';
import { clientUserSchema } from './get-user';

/** The same schema the API validates with, so the form shows the same messages. */
export const loginSchema = loginRequestSchema;

/** POST /api/login */
export function login(body: LoginRequest): Promise<ClientUser> {
  return apiRequest('POST', '/api/login', { body, schema: clientUserSchema });
}

export function useLogin() {
  return useSWRMutation('/api/login', (_key: string, { arg }: { arg: LoginRequest }) => login(arg));
}
