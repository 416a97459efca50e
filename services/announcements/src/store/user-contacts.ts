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

/** Sets the given fields (only those present), creating the row when needed. */
export async function upsertContacts(
  trx: Knex.Transaction,
  userId: string,
  fields: Partial<UserContacts>,
  at: string,
): Promise<void> {
  const changes: Record<string, unknown> = { updated_at: at };
  if (fields.email !== undefined) changes.email = fields.email;
  if (fields.phone !== undefined) changes.phone = fields.phone;
  await trx(CONTACTS)
    .insert({ user_id: userId, email: null, phone: null, ...changes })
    .onConflict('user_id')
    .merge(changes);
}
