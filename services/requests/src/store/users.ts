import type { Knex } from 'knex';

export const USERS = 'requests.users';

export interface UserFields {
  username?: string;
  email?: string;
  phone?: string | null;
  /** Whether `email` is verified: a new address is not, until auth says it is. */
  emailVerified?: boolean;
}

/** Usernames and contacts of users as auth publishes them (the fields given are the new values). */
export async function upsertUser(
  trx: Knex.Transaction,
  userId: string,
  fields: UserFields,
  at: string,
): Promise<void> {
  const values = {
    ...(fields.username === undefined ? {} : { username: fields.username }),
    ...(fields.email === undefined ? {} : { email: fields.email }),
    ...(fields.phone === undefined ? {} : { phone: fields.phone }),
    ...(fields.emailVerified === undefined ? {} : { email_verified: fields.emailVerified }),
  };
  const insert = trx(USERS)
    .insert({ user_id: userId, ...values, updated_at: at })
    .onConflict('user_id');
  await (Object.keys(values).length ? insert.merge({ ...values, updated_at: at }) : insert.ignore());
}

/**
 * The claimant's username from the session when auth's event has not arrived yet (distributed
 * mode, a claim within a moment of registering); the event's values win when they come.
 */
export async function rememberUsername(trx: Knex.Transaction, userId: string, username: string) {
  if (!username) return;
  await trx(USERS).insert({ user_id: userId, username }).onConflict('user_id').ignore();
}
