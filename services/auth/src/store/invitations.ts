import type { OrganizationRole } from '@tapinti/contracts/roles';
import type { Knex } from '@tapinti/platform/db';
import type { Invitation } from '../domain/invitation';

export const INVITATIONS = 'auth.invitations';
export const ORGANIZATION_NAMES = 'auth.organization_names';

interface InvitationRow {
  id: string;
  organization_id: string;
  organization_name: string | null;
  current_name: string | null;
  email: string;
  role: OrganizationRole;
  expires_at: Date | string;
  accepted_by: string | null;
  accepted_at: Date | string | null;
  superseded: boolean;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * An issued invitation (with its organisation's current name when auth knows it, and whether a
 * newer one to the same e-mail superseded it), or null.
 */
export async function findInvitation(db: Knex, id: string): Promise<Invitation | null> {
  const row: InvitationRow | undefined = await db(`${INVITATIONS} as i`)
    .leftJoin(`${ORGANIZATION_NAMES} as o`, 'o.id', 'i.organization_id')
    .select(
      'i.id',
      'i.organization_id',
      'i.organization_name',
      'o.name as current_name',
      'i.email',
      'i.role',
      'i.expires_at',
      'i.accepted_by',
      'i.accepted_at',
      // A newer invitation to the same address (issued later; the id breaks a tie) supersedes it.
      db.raw(
        `exists (select 1 from ${INVITATIONS} n where n.email = i.email and n.id <> i.id
           and (n.issued_at > i.issued_at or (n.issued_at = i.issued_at and n.id > i.id))) as superseded`,
      ),
    )
    .where('i.id', id)
    .first();
  if (!row) return null;
  return {
    id: row.id,
    organizationId: row.organization_id,
    organizationName: row.current_name ?? row.organization_name ?? '',
    email: row.email,
    role: row.role,
    expiresAt: toDate(row.expires_at),
    acceptedBy: row.accepted_by,
    acceptedAt: row.accepted_at === null ? null : toDate(row.accepted_at),
    superseded: row.superseded === true,
  };
}

/**
 * Locks the invitation's row until the transaction ends (null when auth does not know it), so
 * acceptances of one invitation run one after the other: the later one reads the acceptance.
 */
export async function lockInvitation(trx: Knex, id: string): Promise<{ id: string } | null> {
  const row = await trx(INVITATIONS).select('id').where({ id }).forUpdate().first();
  return row ?? null;
}

export interface IssuedInvitation {
  id: string;
  organizationId: string;
  organizationName: string | null;
  email: string;
  role: OrganizationRole;
  expiresAt: string;
  issuedBy: string | null;
  issuedAt: string;
}

/** Records an issued invitation; its acceptance (if already projected) is left as it is. */
export async function recordIssuedInvitation(trx: Knex, invitation: IssuedInvitation): Promise<void> {
  await trx(INVITATIONS)
    .insert({
      id: invitation.id,
      organization_id: invitation.organizationId,
      organization_name: invitation.organizationName,
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expiresAt,
      issued_by: invitation.issuedBy,
      issued_at: invitation.issuedAt,
    })
    .onConflict('id')
    .merge(['organization_id', 'organization_name', 'email', 'role', 'expires_at', 'issued_by', 'issued_at']);
}

/** Projection of `auth.invitation.accepted`. */
export async function markInvitationAccepted(
  trx: Knex,
  id: string,
  acceptedBy: string,
  acceptedAt: string,
): Promise<void> {
  await trx(INVITATIONS).where({ id }).update({ accepted_by: acceptedBy, accepted_at: acceptedAt });
}

/** An organisation's name as the organizations service last published it. */
export async function recordOrganizationName(
  trx: Knex,
  id: string,
  name: string,
  updatedAt: string,
): Promise<void> {
  await trx(ORGANIZATION_NAMES)
    .insert({ id, name, updated_at: updatedAt })
    .onConflict('id')
    .merge(['name', 'updated_at']);
}
