import type { Knex } from '@tapinti/platform/db';
import type { Role } from '@tapinti/contracts/roles';
import { usernameKey } from '@tapinti/contracts/username-key';
import type { Clashes, User } from '../domain/user';
import { foldUsername, type LoginIdentifier } from '../domain/identity';

export const USERS = 'auth.users';
export const CREDENTIALS = 'auth.credentials';
export const ACCOUNT_LINKS = 'auth.account_links';

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
  // A deleted account signs in no more: it is unknown to a login from the moment it is deleted.
  const row: UserRow | undefined = await db(USERS)
    .select(COLUMNS)
    .where(column, identifier.key)
    .whereNull('deleted_at')
    .first();
  return row ? toUser(row) : null;
}

/** When the account was created; null for an unknown one. */
export async function accountCreatedAt(db: Knex, userId: string): Promise<Date | null> {
  const row: { created_at: Date | string } | undefined = await db(USERS)
    .select('created_at')
    .where({ id: userId })
    .first();
  return row ? new Date(row.created_at) : null;
}

/** What a purged account's row shows instead of its personal fields (unique, like the originals). */
export function purgedIdentity(userId: string) {
  return { username: `deleted-${userId}`, email: `${userId}@deleted.invalid`, phone: null };
}

/** The verification state of an account (for GET /api/account/status). */
export async function findAccountStatus(db: Knex, userId: string) {
  const row = await db(USERS)
    .select('is_verified', 'phone', 'phone_verified')
    .where({ id: userId })
    .whereNull('deleted_at')
    .first();
  return row
    ? {
        emailVerified: Boolean(row.is_verified),
        phone: row.phone as string | null,
        phoneVerified: Boolean(row.phone_verified),
      }
    : null;
}

/** The account a link's id (from a verified token) belongs to, or null when auth never issued it. */
export async function userOfLink(db: Knex, id: string, purpose: string): Promise<string | null> {
  const row = await db(ACCOUNT_LINKS).select('user_id').where({ id, purpose }).first();
  return row ? (row.user_id as string) : null;
}

/** Deleted accounts whose archive period is over and which are not purged yet. */
export async function accountsDueForPurge(db: Knex, now: Date, limit: number): Promise<string[]> {
  const rows: Array<{ id: string }> = await db(USERS)
    .select('id')
    .whereNotNull('deleted_at')
    .whereNull('purged_at')
    .where('purge_after', '<=', now)
    .orderBy('purge_after')
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Removes a purged account's secrets and the personal data its own stored events carry (names,
 * addresses, numbers, typed identifiers, addresses and browsers of its requests), in the
 * transaction that appends `auth.user.purged`: a rebuild then projects the anonymised values.
 */
export async function erasePersonalData(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx(CREDENTIALS).where({ user_id: userId }).delete();
  const identity = purgedIdentity(userId);
  // Its own stream, its old logins stream and one stream per login since.
  const ofAccount = (q: Knex.QueryBuilder) =>
    q.where((w) =>
      w
        .whereIn('stream_id', [`user-${userId}`, `logins-${userId}`])
        .orWhereLike('stream_id', `logins-${userId}.%`),
    );
  await ofAccount(trx('auth.events'))
    .where({ event_type: 'auth.user.registered' })
    .update({
      payload: trx.raw(`payload || ?::jsonb`, [JSON.stringify(identity)]),
    });
  await ofAccount(trx('auth.events'))
    .where({ event_type: 'auth.user.profile-updated' })
    .update({
      payload: trx.raw(`jsonb_build_object('userId', ?::text, 'before', '{}'::jsonb, 'after', '{}'::jsonb)`, [
        userId,
      ]),
    });
  await ofAccount(trx('auth.events'))
    .where({ event_type: 'auth.user.login-failed' })
    .whereRaw(`payload->>'identifier' is not null`)
    .update({ payload: trx.raw(`jsonb_set(payload, '{identifier}', '"[purged]"')`) });
  await ofAccount(trx('auth.events')).update({
    metadata: trx.raw(`metadata || '{"ip": null, "addressKey": null, "userAgent": null}'::jsonb`),
  });
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
