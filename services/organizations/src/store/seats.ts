import type { Knex } from '@tapinti/platform/db';
import { TABLES } from './tables';

/**
 * The organisation's seats in use (issue 25 point 8): its members (admins and staff) and its open
 * invitations (issued, not expired) to an address that is not already a member's — an open
 * invitation holds a seat, so admins cannot invite past the plan and have everyone accept.
 */
export async function seatsOf(
  db: Knex,
  organizationId: string,
  now: Date,
): Promise<{ members: number; openInvitations: number; used: number; emails: Set<string> }> {
  const members: Array<{ email: string }> = await db({ m: TABLES.organizationMembers })
    .join({ i: TABLES.invitations }, 'i.id', 'm.invitation_id')
    .select('i.email')
    .where('m.organization_id', organizationId);
  const memberEmails = new Set(members.map((m) => m.email.toLowerCase()));
  const open: Array<{ email: string }> = await db(TABLES.invitations)
    .distinct('email')
    .where({ organization_id: organizationId, status: 'issued' })
    .andWhere('expires_at', '>', now);
  const openEmails = open.map((i) => i.email.toLowerCase()).filter((e) => !memberEmails.has(e));
  const openInvitations = new Set(openEmails).size;
  return {
    members: members.length,
    openInvitations,
    used: members.length + openInvitations,
    emails: new Set([...memberEmails, ...openEmails]),
  };
}

/** Serialises the seat checks of one organisation's invitations until the transaction ends. */
export async function lockSeats(trx: Knex.Transaction, organizationId: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`organizations:seats:${organizationId}`]);
}
