import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  AUTH_ENDPOINTS,
  invitationAccountFormSchema,
  type AcceptInvitationRequest,
  type ClientUser,
  type InvitationSummary,
} from '@tapinti/contracts/auth-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';
import { USER_KEY } from './get-user';

/**
 * The new account's form (username, password, confirmation): the registration messages of spec §5
 * and every password rule, for the invited e-mail.
 */
export { invitationAccountFormSchema };

export const invitationKey = (token: string) => apiPath(AUTH_ENDPOINTS.invitation.path, { token });

/** GET /api/invitations/:token: organisation, e-mail and expiry; 404 unknown, 410 used or expired. */
export function useInvitation(token: string | null) {
  return useSWR<InvitationSummary>(token ? invitationKey(token) : null, (url: string) =>
    callEndpoint(AUTH_ENDPOINTS.invitation, { url }),
  );
}

/**
 * POST /api/invitations/accept: signed out, a new org_admin account (signed in like a login);
 * signed in with the invited e-mail, the token alone. The session's user is replaced.
 */
export function useAcceptInvitation() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    AUTH_ENDPOINTS.acceptInvitation.path,
    (_key: string, { arg }: { arg: AcceptInvitationRequest }): Promise<ClientUser> =>
      callEndpoint(AUTH_ENDPOINTS.acceptInvitation, { body: arg }),
    {
      onSuccess: async (user: ClientUser) => {
        await mutate(USER_KEY, user, { revalidate: false });
      },
    },
  );
}
