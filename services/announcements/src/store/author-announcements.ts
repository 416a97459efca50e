import type { Knex } from 'knex';
import { TABLE } from './queries';

/** The ids of an author's announcements that are not deleted yet (any status). */
export async function undeletedAnnouncementsOf(trx: Knex.Transaction, userId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await trx(TABLE)
    .select('id')
    .where({ user_id: userId })
    .whereNull('deleted_at');
  return rows.map((r) => r.id);
}

/** A purged account's e-mail and phone are forgotten here too. */
export async function forgetContacts(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('announcements.user_contacts').where({ user_id: userId }).delete();
}

/**
 * Taken by both sides of an author's verified badge: a new announcement reading it and the consumer
 * of auth's verification writing it. Without it, under Postgres's read committed, a post reading
 * "not verified" while the verification committed, and the consumer's update of the author's
 * announcements not seeing that post's uncommitted row, left the post without the badge for good
 * (the read-model rebuild then disagreed with the live table). The second waits for the first.
 */
async function lockAuthorBadge(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
    `announcements:author-badge:${userId}`,
  ]);
}

/** Whether an author's e-mail is verified, as auth's events told (false when unknown). */
export async function isAuthorVerified(trx: Knex.Transaction, userId: string): Promise<boolean> {
  await lockAuthorBadge(trx, userId);
  const row = await trx('announcements.user_contacts')
    .select('email_verified')
    .where({ user_id: userId })
    .first();
  return Boolean(row?.email_verified);
}

/** Records an author's verification and shows it on all their announcements. */
export async function setAuthorVerified(
  trx: Knex.Transaction,
  userId: string,
  verified: boolean,
  at: string,
) {
  await lockAuthorBadge(trx, userId);
  await trx('announcements.user_contacts')
    .insert({ user_id: userId, email: null, phone: null, email_verified: verified, updated_at: at })
    .onConflict('user_id')
    .merge({ email_verified: verified, updated_at: at });
  await trx(TABLE).where({ user_id: userId }).update({ author_verified: verified });
}
