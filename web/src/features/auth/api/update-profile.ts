import useSWRMutation from 'swr/mutation';
import { profileRequestSchema, type ClientUser, type ProfileRequest } from '@tapinti/contracts/auth-api';
import { apiRequest } from '../../../lib/api-client';
import { clientUserSchema } from './get-user';

export const profileSchema = profileRequestSchema;

/** PUT /api/profile (an empty phone clears it: the API treats "" as absent). */
export function updateProfile(body: ProfileRequest): Promise<ClientUser> {
  return apiRequest('PUT', '/api/profile', {
    body: { ...body, phone: body.phone ?? '' },
    schema: clientUserSchema,
  });
}

export function useUpdateProfile() {
  return useSWRMutation('/api/profile', (_key: string, { arg }: { arg: ProfileRequest }) =>
    updateProfile(arg),
  );
}
