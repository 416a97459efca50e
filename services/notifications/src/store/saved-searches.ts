import type { AnnouncementType, Category } from '@tapinti/contracts/announcements-api';
import type { SavedSearch, SavedSearchFrequency } from '@tapinti/contracts/saved-searches-api';
import type { Knex } from '@tapinti/platform/db';

export const SAVED_SEARCHES_TABLE = 'notifications.saved_searches';
export const ALERT_ADDRESSES_TABLE = 'notifications.alert_addresses';
export const ALERT_CANDIDATES_TABLE = 'notifications.alert_candidates';
export const SAVED_SEARCH_HITS_TABLE = 'notifications.saved_search_hits';

export interface SavedSearchRow {
  id: string;
  /** The preferences' recipient key: `user:<id>` or `email:<address>`. */
  owner: string;
  user_id: string | null;
  search: string | null;
  category: Category | null;
  place: string | null;
  rewards: boolean;
  type: AnnouncementType | null;
  frequency: SavedSearchFrequency;
  confirmed_at: Date | null;
  last_emailed_at: Date | null;
  created_at: Date;
}

export interface AlertCandidateRow {
  announcement_id: string;
  author_id: string;
  type: AnnouncementType;
  title: string;
  category: Category;
  reward_amount: number;
  place_area: string[];
  search_text: string;
  search_folded: string;
  search_terms: string[];
  listed: boolean;
  created_at: Date;
  matched_at: Date | null;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/** A saved search as its owner sees it (never the owner key: it may hold an address). */
export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    search: row.search,
    category: row.category,
    place: row.place,
    rewards: row.rewards,
    type: row.type,
    frequency: row.frequency,
    confirmed: row.confirmed_at !== null,
    createdAt: iso(row.created_at),
  };
}

export async function savedSearchesOf(db: Knex | Knex.Transaction, owner: string): Promise<SavedSearchRow[]> {
  return db(SAVED_SEARCHES_TABLE)
    .where({ owner })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
}

export async function countSavedSearches(db: Knex | Knex.Transaction, owner: string): Promise<number> {
  const row = await db(SAVED_SEARCHES_TABLE)
    .where({ owner })
    .count<{ count: string | number }>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

/** The owner's saved search, or undefined (another's is as unknown as a missing one). */
export async function ownSavedSearch(
  db: Knex | Knex.Transaction,
  owner: string,
  id: string,
): Promise<SavedSearchRow | undefined> {
  return db(SAVED_SEARCHES_TABLE).where({ owner, id }).first();
}

/** The address's row, created when new; locked until the caller's transaction ends (one sign-up at a time). */
export async function lockAlertAddress(
  trx: Knex.Transaction,
  row: { id: string; address: string; createdAt: Date },
): Promise<{ id: string; confirmed_at: Date | null; confirmation_sent_at: Date | null }> {
  await trx(ALERT_ADDRESSES_TABLE)
    .insert({ id: row.id, address: row.address, created_at: row.createdAt })
    .onConflict('address')
    .ignore();
  return trx(ALERT_ADDRESSES_TABLE).where({ address: row.address }).forUpdate().first();
}
