import type { Knex } from '@tapinti/platform/db';
import type { Role } from '@tapinti/contracts/roles';
import { usernameKey } from '@tapinti/contracts/username-key';
import type { Clashes, User } from '../domain/user';
import { foldUsername, type LoginIdentifier } from '../domain/identity';

export const USERS = 'auth.users';
export const CREDENTIALS = 'auth.credentials';

/** Unique indexes of auth.users, to turn a lost race into the right 409. */
export const UNIQUE_INDEXES: Record<string, keyof Clashes> = {
  auth_users_username_key_unique: 'username',
  auth_users_username_skeleton_unique: 'username',
  auth_users_email_unique: 'email',
  auth_users_phone_unique: 'phone',
};

interface UserRow {
  id: string;
  username: string;
  email: string;
  phone: string | null;
  role: Role;
  organization_id: string | null;
  is_active: boolean;
  is_verified: boolean;
}

// Never `select *`: only these columns leave the store.
const COLUMNS = ['id', 'username', 'email', 'phone', 'role', 'organization_id', 'is_active', 'is_verified'];

const toUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  phone: row.phone,
  role: row.role,
  organizationId: row.organization_id,
  isActive: row.is_active,
  isVerified: row.is_verified,
});

export async function findUserById(db: Knex, id: string): Promise<User | null> {
  const row: UserRow | undefined = await db(USERS).select(COLUMNS).where({ id }).first();
  return row ? toUser(row) : null;
}

export async function findUserByIdentifier(db: Knex, identifier: LoginIdentifier): Promise<User | null> {
  const column = { username: 'username_key', email: 'email', phone: 'phone' }[identifier.method];
  const row: UserRow | undefined = await db(USERS).select(COLUMNS).where(column, identifier.key).first();
  return row ? toUser(row) : null;
}

/**
 * Which of these values another account (not `exceptUserId`) already holds; a username clashes
 * with any look-alike of it (same `usernameKey`). In a transaction, writers of the same username
 * key take turns from here to their commit (an advisory lock), so a look-alike committed meanwhile
 * is seen here rather than taken for an older name by the projection.
 */
export async function findClashes(
  db: Knex,
  values: { username: string; email: string; phone: string | null },
  exceptUserId?: string,
): Promise<Clashes> {
  const foldedName = foldUsername(values.username);
  const skeletonKey = usernameKey(values.username);
  if ((db as Knex.Transaction).isTransaction)
    await db.raw('select pg_advisory_xact_lock(hashtext(?))', [`auth.username:${skeletonKey}`]);
  const rows: Array<{
    username_key: string;
    username_skeleton: string | null;
    email: string;
    phone: string | null;
  }> = await db(USERS)
    .select('username_key', 'username_skeleton', 'email', 'phone')
    .where((q) => {
      q.where('username_key', foldedName)
        .orWhere('username_skeleton', skeletonKey)
        .orWhere('email', values.email);
      if (values.phone) q.orWhere('phone', values.phone);
    })
    .modify((q) => {
      if (exceptUserId) q.whereNot('id', exceptUserId);
    });
  return {
    username: rows.some((r) => r.username_key === foldedName || r.username_skeleton === skeletonKey),
    email: rows.some((r) => r.email === values.email),
    phone: values.phone !== null && rows.some((r) => r.phone === values.phone),
  };
}

/**
 * The `username_skeleton` a projected name gets: its `usernameKey`, or null when another account
 * already holds that key. That happens only for names accepted before look-alikes were refused (on
 * a rebuild, or the migration's backfill): they keep their name, the older account keeps the key.
 * Live writes never get here with a held key: findClashes refused it under the same lock.
 */
export async function usernameSkeletonFor(
  trx: Knex,
  userId: string,
  username: string,
): Promise<string | null> {
  const key = usernameKey(username);
  const holder = await trx(USERS).first('id').where('username_skeleton', key).whereNot('id', userId);
  return holder ? null : key;
}

export async function readPasswordHash(db: Knex, userId: string): Promise<string | null> {
  const row = await db(CREDENTIALS).select('password_hash').where({ user_id: userId }).first();
  return row ? (row.password_hash as string) : null;
}

export async function writePasswordHash(db: Knex, userId: string, hash: string): Promise<void> {
  await db(CREDENTIALS)
    .insert({ user_id: userId, password_hash: hash, updated_at: db.fn.now() })
    .onConflict('user_id')
    .merge(['password_hash', 'updated_at']);
}

/** The unique index a Postgres unique violation names, if it is one of ours. */
export function clashOfUniqueViolation(err: unknown): keyof Clashes | null {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23505' || !e.constraint) return null;
  return UNIQUE_INDEXES[e.constraint] ?? null;
}
