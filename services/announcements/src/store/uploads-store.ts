import type { Knex } from 'knex';

const UPLOADS = 'announcements.uploads';

export type UploadStatus = 'pending' | 'ready' | 'rejected';

export interface Upload {
  id: string;
  userId: string;
  status: UploadStatus;
  contentType: string | null;
  size: number | null;
}

interface UploadRow {
  id: string;
  user_id: string;
  status: UploadStatus;
  content_type: string | null;
  size: number | string | null;
}

const toUpload = (row: UploadRow): Upload => ({
  id: row.id,
  userId: row.user_id,
  status: row.status,
  contentType: row.content_type,
  size: row.size === null ? null : Number(row.size),
});

export async function recordUpload(db: Knex, id: string, userId: string, now: Date): Promise<void> {
  await db(UPLOADS).insert({ id, user_id: userId, status: 'pending', created_at: now });
}

export async function findUpload(db: Knex, id: string): Promise<Upload | null> {
  const row: UploadRow | undefined = await db(UPLOADS).where({ id }).first();
  return row ? toUpload(row) : null;
}

export async function markReady(
  db: Knex,
  id: string,
  contentType: string,
  size: number,
  now: Date,
): Promise<void> {
  await db(UPLOADS)
    .where({ id })
    .update({ status: 'ready', content_type: contentType, size, normalized_at: now });
}

export async function markRejected(db: Knex, id: string, now: Date): Promise<void> {
  await db(UPLOADS).where({ id, status: 'pending' }).update({ status: 'rejected', normalized_at: now });
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
