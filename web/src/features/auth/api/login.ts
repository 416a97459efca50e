import useSWRMutation from 'swr/mutation';
import {
  AUTH_ENDPOINTS,
  loginRequestSchema,
  type ClientUser,
  type LoginRequest,
} from '@tapinti/contracts/auth-api';
import { callEndpoint } from '../../../lib/api-endpoint';

/** The same schema the API validates with, so the form shows the same messages. */
export const loginSchema = loginRequestSchema;

/** POST /api/login */
export function login(body: LoginRequest): Promise<ClientUser> {
  return callEndpoint(AUTH_ENDPOINTS.login, { body });
}

export function useLogin() {
  return useSWRMutation(AUTH_ENDPOINTS.login.path, (_key: string, { arg }: { arg: LoginRequest }) =>
    login(arg),
  );
}
