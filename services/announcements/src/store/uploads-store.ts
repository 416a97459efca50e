import type { Knex } from 'knex';

const UPLOADS = 'announcements.uploads';

/**
 * pending → ready (re-encoded and kept under `photos/<id>`), rejected (refused, object removed)
 * or expired (its URL expired before it was normalised; object removed by the expiry job);
 * ready → removed (its announcement was deleted or shows another photo; see `photo-removals`).
 */
export type UploadStatus = 'pending' | 'ready' | 'rejected' | 'expired' | 'removed';

export interface Upload {
  id: string;
  userId: string;
  status: UploadStatus;
  contentType: string | null;
  size: number | null;
  /** Null for a photo kept before photos were re-encoded (no thumbnail yet). */
  thumbnailSize: number | null;
  expiresAt: Date | null;
}

interface UploadRow {
  id: string;
  user_id: string;
  status: UploadStatus;
  content_type: string | null;
  size: number | string | null;
  thumbnail_size: number | string | null;
  expires_at: Date | string | null;
}

const numberOrNull = (v: number | string | null) => (v === null ? null : Number(v));
const dateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));

const toUpload = (row: UploadRow): Upload => ({
  id: row.id,
  userId: row.user_id,
  status: row.status,
  contentType: row.content_type,
  size: numberOrNull(row.size),
  thumbnailSize: numberOrNull(row.thumbnail_size),
  expiresAt: dateOrNull(row.expires_at),
});

export async function recordUpload(
  db: Knex,
  id: string,
  userId: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db(UPLOADS).insert({
    id,
    user_id: userId,
    status: 'pending',
    created_at: now,
    expires_at: expiresAt,
  });
}

/** Forgets an upload whose URL was never handed out. */
export async function deleteUpload(db: Knex, id: string): Promise<void> {
  await db(UPLOADS).where({ id, status: 'pending' }).delete();
}

export async function findUpload(db: Knex, id: string): Promise<Upload | null> {
  const row: UploadRow | undefined = await db(UPLOADS).where({ id }).first();
  return row ? toUpload(row) : null;
}

/** A user's uploads still pending (never normalised, not yet deleted by the expiry job). */
export async function pendingUploadsOf(db: Knex, userId: string): Promise<Upload[]> {
  const rows: UploadRow[] = await db(UPLOADS).where({ user_id: userId, status: 'pending' });
  return rows.map(toUpload);
}

/** Pending uploads whose URL expired before `now`, oldest first. */
export async function expiredPendingUploads(db: Knex, now: Date, limit: number): Promise<Upload[]> {
  const rows: UploadRow[] = await db(UPLOADS)
    .where({ status: 'pending' })
    .andWhere('expires_at', '<', now)
    .orderBy('expires_at')
    .limit(limit);
  return rows.map(toUpload);
}

/** A kept photo (re-encoded, with its thumbnail). A pending or expiring upload becomes ready too. */
export async function markReady(
  db: Knex,
  id: string,
  photo: { contentType: string; size: number; thumbnailSize: number },
  now: Date,
): Promise<void> {
  await db(UPLOADS).where({ id }).update({
    status: 'ready',
    content_type: photo.contentType,
    size: photo.size,
    thumbnail_size: photo.thumbnailSize,
    normalized_at: now,
  });
}

export async function markRejected(db: Knex, id: string, now: Date): Promise<void> {
  await db(UPLOADS).where({ id, status: 'pending' }).update({ status: 'rejected', normalized_at: now });
}

/** Marks a pending upload expired; false when it is no longer pending (normalised meanwhile). */
export async function markExpired(db: Knex, id: string): Promise<boolean> {
  return (await db(UPLOADS).where({ id, status: 'pending' }).update({ status: 'expired' })) > 0;
}

/** Uploads a user asked for since `since` (a simple abuse limit). */
export async function countUploadsSince(db: Knex, userId: string, since: Date): Promise<number> {
  const row = await db(UPLOADS)
    .where({ user_id: userId })
    .andWhere('created_at', '>=', since)
    .count('* as n')
    .first();
  return Number(row?.n ?? 0);
}
