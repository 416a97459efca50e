import useSWRMutation from 'swr/mutation';
import {
  AUTH_ENDPOINTS,
  registerFormSchema,
  type ClientUser,
  type RegisterForm,
} from '@tapinti/contracts/auth-api';
import { callEndpoint } from '../../../lib/api-endpoint';

/** The form's schema: the confirmation is required and checked on its own field. */
export const registerSchema = registerFormSchema;

/** POST /api/register: the confirmation is not sent (spec §7). */
export function register(form: RegisterForm): Promise<ClientUser> {
  const { username, email, phone, password } = form;
  return callEndpoint(AUTH_ENDPOINTS.register, { body: { username, email, phone, password } });
}

export function useRegister() {
  return useSWRMutation(AUTH_ENDPOINTS.register.path, (_key: string, { arg }: { arg: RegisterForm }) =>
    register(arg),
  );
}
