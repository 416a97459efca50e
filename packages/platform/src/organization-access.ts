import { ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import { isOrganizationMember, type Role } from '@tapinti/contracts/roles';
import { ForbiddenError } from './errors';

/** What the organisation-scoped checks read of a caller (see `Caller`). */
export interface OrganizationActor {
  role: Role;
  organizationId: string | null;
  /** False while the caller's organisation is deactivated; absent or true otherwise. */
  organizationActive?: boolean;
}

/**
 * Whether the caller acts for this organisation: one of its admins or, alike in everything asked
 * here (its announcements, the claims on them, hand-overs), one of its staff (issue 25). While that
 * organisation is deactivated its members act for it in nothing: 403 'Təşkilat deaktivdir'
 * (issue 21), so every organisation-scoped action and listing that asks here refuses.
 */
export function actsForOrganization(caller: OrganizationActor, organizationId: string | null): boolean {
  if (!organizationId || !isOrganizationMember(caller.role)) return false;
  if (caller.organizationId?.toLowerCase() !== organizationId.toLowerCase()) return false;
  if (caller.organizationActive === false) throw new ForbiddenError(ORGANIZATION_MESSAGES.deactivated);
  return true;
}

/** Refuses (403 'Təşkilat deaktivdir') an organisation's member whose organisation is deactivated. */
export function assertOrganizationActive(caller: OrganizationActor): void {
  if (isOrganizationMember(caller.role) && caller.organizationActive === false)
    throw new ForbiddenError(ORGANIZATION_MESSAGES.deactivated);
}
