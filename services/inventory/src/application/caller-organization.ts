import { ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import { UUID_TEXT } from '@tapinti/contracts/input-text';
import { ForbiddenError, NotFoundError } from '@tapinti/platform/errors';
import { actsForOrganization } from '@tapinti/platform/organization-access';
import type { Caller } from '@tapinti/platform/session';

const UUID = new RegExp(`^${UUID_TEXT}$`);
/** A lower-cased uuid, or null for any other text (answered like an unknown id). */
export const uuidOf = (raw: string): string | null => (UUID.test(raw) ? raw.toLowerCase() : null);

/**
 * The organisation's id when the caller may act on (or, as the super admin, read) it: its own
 * admins and staff; another organisation's members are refused (403) before anything is read.
 */
export function organizationOf(caller: Caller, rawId: string): string {
  const id = uuidOf(rawId);
  if (caller.role === 'super_admin') {
    if (!id) throw new NotFoundError(ORGANIZATION_MESSAGES.organizationNotFound);
    return id;
  }
  if (!id || !actsForOrganization(caller, id))
    throw new ForbiddenError(ORGANIZATION_MESSAGES.foreignOrganization);
  return id;
}
