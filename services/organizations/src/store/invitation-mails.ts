import { truncateText } from '@tapinti/contracts/input-text';
import type { InvitationIssuedV1 } from '@tapinti/contracts/organizations-events';
import type { Knex } from '@tapinti/platform/db';
import { TABLES } from './tables';

/**
 * The invitation e-mails to send (an outbox of this service's own `invitation.issued` events).
 * A row holds what the e-mail needs except the token, which the sender signs again.
 */
export interface InvitationMailRow {
  invitationId: string;
  organizationName: string;
  email: string;
  expiresAt: Date;
  attempts: number;
}

/** A claim older than this is a sender that died mid-way: the e-mail is tried again. */
export const STALE_CLAIM_MS = 10 * 60 * 1000;

export async function addInvitationMail(
  trx: Knex.Transaction,
  p: InvitationIssuedV1,
  createdAt: string,
): Promise<void> {
  await trx(TABLES.invitationMails)
    .insert({
      invitation_id: p.invitationId,
      organization_id: p.organizationId,
      organization_name: p.organizationName,
      email: p.email,
      expires_at: p.expiresAt,
      status: 'pending',
      attempts: 0,
      next_attempt_at: createdAt,
      created_at: createdAt,
    })
    .onConflict('invitation_id')
    .ignore();
}

/** Ids of e-mails due now (pending, or claimed by a sender that never finished), oldest first. */
export async function dueInvitationMails(db: Knex, now: Date, limit: number): Promise<string[]> {
  const stale = new Date(now.getTime() - STALE_CLAIM_MS);
  const rows: Array<{ invitation_id: string }> = await db(TABLES.invitationMails)
    .select('invitation_id')
    .where((q) =>
      q
        .where((p) => p.where({ status: 'pending' }).andWhere('next_attempt_at', '<=', now))
        .orWhere((s) => s.where({ status: 'sending' }).andWhere('claimed_at', '<', stale)),
    )
    .orderBy([{ column: 'next_attempt_at' }, { column: 'invitation_id' }])
    .limit(limit);
  return rows.map((r) => r.invitation_id);
}

/** Takes one due e-mail for this sender (one statement: two senders never both get it). */
export async function claimInvitationMail(
  db: Knex,
  invitationId: string,
  now: Date,
): Promise<InvitationMailRow | null> {
  const stale = new Date(now.getTime() - STALE_CLAIM_MS);
  const rows = await db(TABLES.invitationMails)
    .where({ invitation_id: invitationId })
    .andWhere((q) =>
      q
        .where((p) => p.where({ status: 'pending' }).andWhere('next_attempt_at', '<=', now))
        .orWhere((s) => s.where({ status: 'sending' }).andWhere('claimed_at', '<', stale)),
    )
    .update({ status: 'sending', claimed_at: now, attempts: db.raw('attempts + 1') })
    .returning(['invitation_id', 'organization_name', 'email', 'expires_at', 'attempts']);
  const row = rows[0];
  return row
    ? {
        invitationId: row.invitation_id,
        organizationName: row.organization_name,
        email: row.email,
        expiresAt: new Date(row.expires_at),
        attempts: Number(row.attempts),
      }
    : null;
}

export async function markInvitationMailSent(db: Knex, invitationId: string, now: Date): Promise<void> {
  await db(TABLES.invitationMails)
    .where({ invitation_id: invitationId })
    .update({ status: 'sent', sent_at: now, last_error: null });
}

/** `pending` again at `retryAt`, or for good `failed` / `expired`. */
export async function markInvitationMailUnsent(
  db: Knex,
  invitationId: string,
  outcome:
    { status: 'pending'; retryAt: Date; error: string } | { status: 'failed' | 'expired'; error: string },
): Promise<void> {
  await db(TABLES.invitationMails)
    .where({ invitation_id: invitationId })
    .update({
      status: outcome.status,
      last_error: truncateText(outcome.error, 200),
      ...(outcome.status === 'pending' ? { next_attempt_at: outcome.retryAt } : {}),
    });
}

/** The state of one invitation's e-mail (tests and operators). */
export async function invitationMailStatus(db: Knex, invitationId: string): Promise<string | null> {
  const row = await db(TABLES.invitationMails).where({ invitation_id: invitationId }).first('status');
  return row ? (row.status as string) : null;
}
