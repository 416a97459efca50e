import type { Knex } from '@tapinti/platform/db';
import type { Role } from '@tapinti/contracts/roles';
import type { Clashes, User } from '../domain/user';
import { foldUsername, type LoginIdentifier } from '../domain/identity';

export const USERS = 'auth.users';
export const CREDENTIALS = 'auth.credentials';

/** Unique indexes of auth.users, to turn a lost race into the right 409. */
export const UNIQUE_INDEXES: Record<string, keyof Clashes> = {
  auth_users_username_key_unique: 'username',
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

/** Which of these values another account (not `exceptUserId`) already holds. */
export async function findClashes(
  db: Knex,
  values: { username: string; email: string; phone: string | null },
  exceptUserId?: string,
): Promise<Clashes> {
  const usernameKey = foldUsername(values.username);
  const rows: Array<{ username_key: string; email: string; phone: string | null }> = await db(USERS)
    .select('username_key', 'email', 'phone')
    .where((q) => {
      q.where('username_key', usernameKey).orWhere('email', values.email);
      if (values.phone) q.orWhere('phone', values.phone);
    })
    .modify((q) => {
      if (exceptUserId) q.whereNot('id', exceptUserId);
    });
  return {
    username: rows.some((r) => r.username_key === usernameKey),
    email: rows.some((r) => r.email === values.email),
    phone: values.phone !== null && rows.some((r) => r.phone === values.phone),
  };
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
