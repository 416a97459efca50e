import useSWRMutation from 'swr/mutation';
import {
  AUTH_ENDPOINTS,
  profileRequestSchema,
  type ClientUser,
  type ProfileRequest,
} from '@tapinti/contracts/auth-api';
import { callEndpoint } from '../../../lib/api-endpoint';

export const profileSchema = profileRequestSchema;

/** PUT /api/profile (an empty phone clears it: the API treats "" as absent). */
export function updateProfile(body: ProfileRequest): Promise<ClientUser> {
  return callEndpoint(AUTH_ENDPOINTS.updateProfile, { body: { ...body, phone: body.phone ?? '' } });
}

export function useUpdateProfile() {
  return useSWRMutation(AUTH_ENDPOINTS.updateProfile.path, (_key: string, { arg }: { arg: ProfileRequest }) =>
    updateProfile(arg),
  );
}
