import type { Knex } from 'knex';
import { TABLE } from './queries';

const REMOVALS = 'announcements.photo_removals';
const UPLOADS = 'announcements.uploads';

/** Is the photo at `imageUrl` shown by an announcement other than `exceptId` (one upload, attached twice)? */
export async function photoShownElsewhere(
  trx: Knex.Transaction,
  imageUrl: string,
  exceptId: string,
): Promise<boolean> {
  const row = await trx(TABLE)
    .select('id')
    .whereRaw('image_urls @> ?::jsonb', [JSON.stringify([imageUrl])])
    .whereNull('deleted_at')
    .whereNot({ id: exceptId })
    .first();
  return !!row;
}

/**
 * In the transaction of the event that drops the photo: `/objects/<id>` stops serving it at
 * once (its upload is no longer `ready`), and its objects are queued for the `remove-photos` job,
 * which deletes them from storage after the commit.
 */
export async function queuePhotoRemoval(trx: Knex.Transaction, objectId: string, now: Date): Promise<void> {
  await trx(UPLOADS).where({ id: objectId }).update({ status: 'removed' });
  await trx(REMOVALS).insert({ object_id: objectId, requested_at: now }).onConflict('object_id').ignore();
}

/** Photos waiting for their objects to be removed, oldest first. */
export async function pendingPhotoRemovals(db: Knex, limit: number): Promise<string[]> {
  const rows: Array<{ object_id: string }> = await db(REMOVALS)
    .select('object_id')
    .orderBy('requested_at', 'asc')
    .limit(limit);
  return rows.map((r) => r.object_id);
}

/** Its objects are gone from storage: nothing more to do for it. */
export async function photoRemoved(db: Knex, objectId: string): Promise<void> {
  await db(REMOVALS).where({ object_id: objectId }).del();
}
