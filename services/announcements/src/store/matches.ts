import type { Knex } from 'knex';
import type { AnnouncementMatch, AnnouncementType, Category } from '@tapinti/contracts/announcements-api';
import { notOfInactiveOrganization } from '@tapinti/runtime/organization-status';
import { CATEGORY_KEY_PREFIX } from '../domain/matching-policy';
import { OF_ACTIVE_ORGANIZATION, PUBLIC_COLUMNS, TABLE, toPublic } from './queries';

const MATCHES = 'announcements.matches';

/** What matching reads of an announcement (never its contact details). */
export interface MatchableRow {
  id: string;
  user_id: string;
  type: AnnouncementType;
  title: string;
  description: string;
  category: Category;
  location: string;
  created_at: Date | string;
  status: string;
  is_public: boolean;
  is_active: boolean;
  moderation_status: string;
  match_keys: string[];
}

export const MATCHABLE_COLUMNS = [
  'id',
  'user_id',
  'type',
  'title',
  'description',
  'category',
  'location',
  'created_at',
  'status',
  'is_public',
  'is_active',
  'moderation_status',
  'match_keys',
] as const;

/**
 * `MATCHABLE_COLUMNS` as a select list: the keys come as JSON, which the driver reads with the
 * native `JSON.parse`, not as a Postgres array, which it parses character by character in
 * JavaScript (the largest part of the matcher's own time at 50 creates a second: bench/README.md).
 */
export function matchableSelection(db: Knex, columns: readonly string[] = MATCHABLE_COLUMNS) {
  return columns.map((column) =>
    column === 'match_keys' ? db.raw('to_json(match_keys) as match_keys') : column,
  );
}

export async function findMatchable(db: Knex, id: string): Promise<MatchableRow | null> {
  return (await db(TABLE).select(matchableSelection(db)).where({ id }).first()) ?? null;
}

/** Open, active, public and approved by moderation: the announcements matching may offer to others. */
export const isListed = (
  row: Pick<MatchableRow, 'status' | 'is_active' | 'is_public' | 'moderation_status'>,
): boolean => row.status === 'open' && row.is_active && row.is_public && row.moderation_status === 'approved';

/**
 * Open, active, public announcements of the other type by someone else sharing at least one of
 * `keys` with the target (`&&`, answered by the partial GIN index of that type, whose predicate
 * this repeats), the `limit` sharing the most keys first (then the newest).
 */
async function candidatesSharing(
  db: Knex,
  target: Pick<MatchableRow, 'id' | 'user_id' | 'type'>,
  keys: string[],
  limit: number,
): Promise<MatchableRow[]> {
  return db(TABLE)
    .select(matchableSelection(db))
    .where('is_public', true)
    .andWhere('is_active', true)
    .andWhere('status', 'open')
    .andWhere('moderation_status', 'approved')
    .andWhere(OF_ACTIVE_ORGANIZATION)
    .andWhere('type', target.type === 'lost' ? 'found' : 'lost')
    .andWhereNot('id', target.id)
    .andWhereNot('user_id', target.user_id)
    .andWhereRaw('match_keys && ?::text[]', [keys])
    .orderByRaw('(select count(*) from unnest(match_keys) as k where k = any(?::text[])) desc', [keys])
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
}

/**
 * The candidates of an announcement, at most `limit`: first those sharing a key that names an
 * item ('wallet@m-28-may', 'device$apple'); only when there are fewer than `limit` of them, those
 * sharing any key, the category-wide ones ('cat:bags@m-28-may') too — which hold every item of the
 * category at a place and would otherwise make the scan the bulk of the time at 100 000 rows.
 */
export async function candidatesFor(
  db: Knex,
  target: Pick<MatchableRow, 'id' | 'user_id' | 'type' | 'match_keys'>,
  limit: number,
): Promise<MatchableRow[]> {
  const itemKeys = target.match_keys.filter((key) => !key.startsWith(CATEGORY_KEY_PREFIX));
  if (itemKeys.length > 0) {
    const sharingItems = await candidatesSharing(db, target, itemKeys, limit);
    if (sharingItems.length >= limit || itemKeys.length === target.match_keys.length) return sharingItems;
  }
  return target.match_keys.length > 0 ? candidatesSharing(db, target, target.match_keys, limit) : [];
}

export interface MatchRow {
  announcementId: string;
  candidateId: string;
  score: number;
  reasons: string[];
  matchedAt: Date;
}

/**
 * Stores matches (upsert: the newer score and reasons win), in key order so two transactions
 * storing the same pairs from either side take their row locks in the same order.
 */
export async function upsertMatches(trx: Knex.Transaction, rows: MatchRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) =>
    a.announcementId === b.announcementId
      ? a.candidateId.localeCompare(b.candidateId)
      : a.announcementId.localeCompare(b.announcementId),
  );
  await trx(MATCHES)
    .insert(
      sorted.map((r) => ({
        announcement_id: r.announcementId,
        candidate_id: r.candidateId,
        score: r.score,
        reasons: JSON.stringify(r.reasons),
        matched_at: r.matchedAt,
      })),
    )
    .onConflict(['announcement_id', 'candidate_id'])
    .merge();
}

/** Forgets every match of an announcement, on both sides (it left the list, or is matched anew). */
export async function deleteMatchesOf(trx: Knex.Transaction, announcementId: string): Promise<void> {
  await trx(MATCHES)
    .where({ announcement_id: announcementId })
    .orWhere({ candidate_id: announcementId })
    .delete();
}

const reasonsOf = (value: unknown): string[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) as string[];

/**
 * An announcement's matches, best first, at most `limit`: only candidates that are still open,
 * active and public (one closed, deleted or archived since is never shown), public fields only.
 */
export async function listMatches(
  db: Knex,
  announcementId: string,
  limit: number,
): Promise<AnnouncementMatch[]> {
  const rows = await db(`${MATCHES} as m`)
    .join(`${TABLE} as a`, 'a.id', 'm.candidate_id')
    .select([...PUBLIC_COLUMNS.map((column) => `a.${column}`), 'm.score', 'm.reasons'])
    .where('m.announcement_id', announcementId)
    .andWhere('a.is_public', true)
    .andWhere('a.is_active', true)
    .andWhere('a.status', 'open')
    .andWhere('a.moderation_status', 'approved')
    .andWhere(notOfInactiveOrganization('announcements', 'a.organization_id'))
    .orderBy([
      { column: 'm.score', order: 'desc' },
      { column: 'm.candidate_id', order: 'asc' },
    ])
    .limit(limit);
  return rows.map((row) => ({
    announcement: toPublic(row),
    score: Number(row.score),
    reasons: reasonsOf(row.reasons),
  }));
}
