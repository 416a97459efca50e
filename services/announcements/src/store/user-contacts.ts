import type { Knex } from 'knex';

const CONTACTS = 'announcements.user_contacts';

export interface UserContacts {
  email: string | null;
  phone: string | null;
}

export async function findContacts(db: Knex, userId: string): Promise<UserContacts | null> {
  const row = await db(CONTACTS).select('email', 'phone').where({ user_id: userId }).first();
  return row ? { email: row.email, phone: row.phone } : null;
}

/**
 * Sets the given fields (only those present), creating the row when needed. `registeredAt`: from
 * auth's `registered` event (a reporter's account age); a new phone is unverified until auth says so.
 */
export async function upsertContacts(
  trx: Knex.Transaction,
  userId: string,
  fields: Partial<UserContacts> & { registeredAt?: string },
  at: string,
): Promise<void> {
  const changes: Record<string, unknown> = { updated_at: at };
  if (fields.email !== undefined) changes.email = fields.email;
  if (fields.phone !== undefined) Object.assign(changes, { phone: fields.phone, phone_verified: false });
  if (fields.registeredAt !== undefined) changes.registered_at = fields.registeredAt;
  await trx(CONTACTS)
    .insert({ user_id: userId, email: null, phone: null, ...changes })
    .onConflict('user_id')
    .merge(changes);
}

/** auth's `phone-verified`: the user's phone counts for their standing as a reporter. */
export async function setPhoneVerified(trx: Knex.Transaction, userId: string, at: string): Promise<void> {
  await trx(CONTACTS)
    .insert({ user_id: userId, email: null, phone: null, phone_verified: true, updated_at: at })
    .onConflict('user_id')
    .merge({ phone_verified: true, updated_at: at });
}
