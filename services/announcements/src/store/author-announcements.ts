import type { Knex } from 'knex';
import { TABLE } from './queries';

/** The ids of an author's announcements that are not deleted yet (any status). */
export async function undeletedAnnouncementsOf(trx: Knex.Transaction, userId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await trx(TABLE)
    .select('id')
    .where({ user_id: userId })
    .whereNull('deleted_at');
  return rows.map((r) => r.id);
}

/** A purged account's e-mail and phone are forgotten here too. */
export async function forgetContacts(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('announcements.user_contacts').where({ user_id: userId }).delete();
}
