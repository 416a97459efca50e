import type { Knex } from 'knex';
import type { ComplaintView } from '@tapinti/contracts/requests-api';
import type { ComplaintStatus } from '@tapinti/contracts/requests-events';
import { USERS } from './users';

export const COMPLAINTS = 'requests.complaints';
export const COMPLAINT_DETAILS = 'requests.complaint_details';

const iso = (v: Date | string | null): string | null =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

/** Complaint numbers are handed out one at a time: the next one is read under this lock. */
export async function nextComplaintSequence(trx: Knex.Transaction): Promise<number> {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', ['requests:complaint-number']);
  const row = await trx(COMPLAINTS).max('sequence as max').first();
  return Number(row?.max ?? 0) + 1;
}

/** The sequence inside a number (`ŞK-000123` → 123). */
export const sequenceOf = (number: string) => Number(number.replace(/\D/g, ''));

export interface ComplaintDetails {
  complaintId: string;
  subject: string;
  description: string;
  contact: string;
}

/** What the complainant wrote: never an event, written in the filing transaction. */
export async function insertComplaintDetails(trx: Knex.Transaction, d: ComplaintDetails): Promise<void> {
  await trx(COMPLAINT_DETAILS).insert({
    complaint_id: d.complaintId,
    subject: d.subject,
    description: d.description,
    contact: d.contact,
  });
}

/** A signed-in complainant's address as auth last published it (null: not known yet). */
/** The account's e-mail address if it is verified, else null (it gets no complaint mail). */
export async function verifiedEmailOfUser(db: Knex, userId: string): Promise<string | null> {
  const row = await db(USERS).where({ user_id: userId, email_verified: true }).first('email');
  return row?.email ?? null;
}

function selectComplaints(db: Knex) {
  return db(`${COMPLAINTS} as c`)
    .leftJoin(`${COMPLAINT_DETAILS} as d`, 'd.complaint_id', 'c.id')
    .leftJoin(`${USERS} as u`, 'u.user_id', 'c.user_id')
    .select('c.*', 'd.subject', 'd.description', 'd.contact', 'u.username')
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .limit(500);
}

type Row = Record<string, any>;

const toView = (row: Row): ComplaintView => ({
  id: row.id,
  number: row.number,
  type: row.type,
  subject: row.subject ?? '',
  description: row.description ?? '',
  announcementId: row.announcement_id,
  contact: row.contact ?? '',
  contactEmail: row.contact_email,
  userId: row.user_id,
  username: row.username ?? null,
  status: row.status,
  reply: row.reply,
  repliedAt: iso(row.replied_at),
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
});

export async function listComplaints(db: Knex, status?: ComplaintStatus): Promise<ComplaintView[]> {
  const q = selectComplaints(db);
  if (status) q.where('c.status', status);
  return (await q).map(toView);
}

export async function findComplaint(db: Knex, id: string): Promise<ComplaintView | null> {
  const row = await selectComplaints(db).where('c.id', id).first();
  return row ? toView(row) : null;
}

/**
 * A complaint by its sequence and the contact its complainant gave (as typed, trimmed; compared
 * without regard to case): what they may follow without an account.
 */
export async function findComplaintOfContact(
  db: Knex,
  sequence: number,
  contact: string,
): Promise<ComplaintView | null> {
  const row = await selectComplaints(db)
    .where('c.sequence', sequence)
    .whereRaw('lower(d.contact) = lower(?)', [contact])
    .first();
  return row ? toView(row) : null;
}
