import type { Knex } from 'knex';
import { TABLES } from './tables';

export interface UserFields {
  username?: string;
  email?: string;
  phone?: string | null;
}

/** Usernames and contacts as auth publishes them (the fields given are the new values). */
export async function upsertUser(trx: Knex.Transaction, userId: string, fields: UserFields, at: string) {
  const values = {
    ...(fields.username === undefined ? {} : { username: fields.username }),
    ...(fields.email === undefined ? {} : { email: fields.email }),
    ...(fields.phone === undefined ? {} : { phone: fields.phone }),
  };
  const insert = trx(TABLES.users)
    .insert({ user_id: userId, ...values, updated_at: at })
    .onConflict('user_id');
  await (Object.keys(values).length ? insert.merge({ ...values, updated_at: at }) : insert.ignore());
}

/** A purged account: its name and contacts are forgotten here too (values it shared included). */
export async function forgetUser(trx: Knex.Transaction, userId: string) {
  await trx(TABLES.users).where({ user_id: userId }).update({ username: null, email: null, phone: null });
  await trx(TABLES.contactValues).where({ user_id: userId }).delete();
}

/** A sender's username from the session until auth's event arrives; the event's values win. */
export async function rememberUsername(trx: Knex.Transaction, userId: string, username: string) {
  if (!username) return;
  await trx(TABLES.users).insert({ user_id: userId, username }).onConflict('user_id').ignore();
}

export async function contactOf(
  trx: Knex.Transaction,
  userId: string,
  contact: 'phone' | 'email',
): Promise<string | null> {
  const row = await trx(TABLES.users).select(contact).where({ user_id: userId }).first();
  return (row?.[contact] as string | null | undefined) ?? null;
}
