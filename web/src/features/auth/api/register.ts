import useSWRMutation from 'swr/mutation';
import { registerFormSchema, type ClientUser, type RegisterForm } from '@tapinti/contracts/auth-api';
import { apiRequest } from '../../../lib/api-client';
import { clientUserSchema } from './get-user';

/** The form's schema: the confirmation is required and checked on its own field. */
export const registerSchema = registerFormSchema;

/** POST /api/register: the confirmation is not sent (spec §7). */
export function register(form: RegisterForm): Promise<ClientUser> {
  const { username, email, phone, password } = form;
  return apiRequest('POST', '/api/register', {
    body: { username, email, phone, password },
    schema: clientUserSchema,
  });
}

export function useRegister() {
  return useSWRMutation('/api/register', (_key: string, { arg }: { arg: RegisterForm }) => register(arg));
}
