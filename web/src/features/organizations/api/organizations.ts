import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  ORGANIZATION_ENDPOINTS,
  type Invitation,
  type Member,
  type Organization,
  type OrganizationAnnouncement,
} from '@tapinti/contracts/organizations-api';
import type { OrganizationRole } from '@tapinti/contracts/roles';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

const E = ORGANIZATION_ENDPOINTS;

/** GET /api/organizations (super admin): each with its current subscription and admin count. */
export const ORGANIZATIONS_KEY = E.listOrganizations.path;

export function useOrganizations({ enabled = true }: { enabled?: boolean } = {}) {
  return useSWR<Organization[]>(enabled ? ORGANIZATIONS_KEY : null, (url: string) =>
    callEndpoint(E.listOrganizations, { url }),
  );
}

export const organizationKey = (id: string) => apiPath(E.getOrganization.path, { id });

/** GET /api/organizations/:id (super admin, or that organisation's admin). */
export function useOrganization(id: string | null | undefined) {
  return useSWR<Organization>(id ? organizationKey(id) : null, (url: string) =>
    callEndpoint(E.getOrganization, { url }),
  );
}

export const organizationAnnouncementsKey = (id: string) =>
  apiPath(E.listOrganizationAnnouncements.path, { id });

/** GET /api/organizations/:id/announcements: all of them, public or not, with room numbers. */
export function useOrganizationAnnouncements(id: string | null | undefined) {
  return useSWR<OrganizationAnnouncement[]>(id ? organizationAnnouncementsKey(id) : null, (url: string) =>
    callEndpoint(E.listOrganizationAnnouncements, { url }),
  );
}

/** PUT /api/organizations/:id `{ isActive }`: deactivate or reactivate (super admin). */
export function useSetOrganizationActive() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'PUT /api/organizations/:id',
    (_key: string, { arg }: { arg: { id: string; isActive: boolean } }) =>
      callEndpoint(E.updateOrganization, { params: { id: arg.id }, body: { isActive: arg.isActive } }),
    {
      onSuccess: (updated: Organization) => {
        void mutate(
          ORGANIZATIONS_KEY,
          (list: Organization[] | undefined) => list?.map((o) => (o.id === updated.id ? updated : o)),
          { revalidate: false },
        );
        void mutate(organizationKey(updated.id), updated, { revalidate: false });
      },
    },
  );
}

/**
 * POST /api/organizations/:id/invitations `{ email, role? }`: the invitation is e-mailed (7 days);
 * without a role it makes an admin.
 */
export function useInviteAdmin() {
  return useSWRMutation(
    'POST /api/organizations/:id/invitations',
    (
      _key: string,
      { arg }: { arg: { id: string; email: string; role?: OrganizationRole } },
    ): Promise<Invitation> =>
      callEndpoint(E.inviteAdmin, {
        params: { id: arg.id },
        body: arg.role ? { email: arg.email, role: arg.role } : { email: arg.email },
      }),
  );
}

export const organizationMembersKey = (id: string) => apiPath(E.listMembers.path, { id });

/** GET /api/organizations/:id/members: admins and staff (e-mails for its admins only). */
export function useOrganizationMembers(id: string | null | undefined) {
  return useSWR<Member[]>(id ? organizationMembersKey(id) : null, (url: string) =>
    callEndpoint(E.listMembers, { url }),
  );
}

/** DELETE /api/organizations/:id/members/:userId: the member's sessions end at once. */
export function useRemoveMember() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'DELETE /api/organizations/:id/members/:userId',
    async (_key: string, { arg }: { arg: { id: string; userId: string } }) => {
      await callEndpoint(E.removeMember, { params: arg });
      void mutate(
        organizationMembersKey(arg.id),
        (list: Member[] | undefined) => list?.filter((m) => m.userId !== arg.userId),
        { revalidate: false },
      );
    },
  );
}
