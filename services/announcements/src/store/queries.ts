import type { Knex } from 'knex';
import type {
  AnnouncementDetails,
  AnnouncementStatus,
  AnnouncementType,
  Category,
  CloseOutcome,
  ListCursor,
  ModerationStatus,
  PublicAnnouncement,
  RewardStats,
  SitemapEntry,
} from '@tapinti/contracts/announcements-api';
import { LIST_TOTAL_CAP, SEARCH_TOTAL_CAP } from '@tapinti/contracts/announcements-api';
import type { MapCard } from '@tapinti/contracts/board-map-api';
import { notOfInactiveOrganization } from '@tapinti/runtime/organization-status';
import { thumbnailPathOf } from '../domain/photo';
import { placeSummaryById } from '../domain/place';
import { isStemTerm, withTyposIn, type SearchWord } from '@tapinti/matching/search-document';
import {
  anyTierSql,
  boardFilterConditions,
  searchRank,
  textArray,
  wordTiers,
} from '@tapinti/matching/search-conditions';

export const TABLE = 'announcements.announcements';
/** Every stem of every announcement (migration 014). */
export const SEARCH_VOCABULARY_TABLE = 'announcements.search_vocabulary';
/** Users' reports on announcements (read model, see migration 007). */
export const REPORTS_TABLE = 'announcements.reports';
/** Listed announcements per filter combination and organisation (migration 016). */
export const LISTED_COUNTS_TABLE = 'announcements.listed_counts';

export interface AnnouncementRow {
  id: string;
  user_id: string;
  organization_id: string | null;
  type: AnnouncementType;
  title: string;
  description: string;
  category: Category;
  location: string;
  room_number: string | null;
  contact_info: string | null;
  image_url: string | null;
  /** Every photo in order (jsonb array), the cover first. */
  image_urls: unknown;
  reward_amount: number;
  reward_description: string | null;
  status: AnnouncementStatus;
  is_public: boolean;
  is_active: boolean;
  created_at: Date | string;
  archived_at: Date | string | null;
  resolved_at: Date | string | null;
  handed_over_at: Date | string | null;
  /** Issue 15: the author's e-mail is verified (copied from user_contacts). */
  author_verified: boolean;
  outcome: CloseOutcome | null;
  renewed_at: Date | string | null;
  deleted_at: Date | string | null;
  /** The question texts (jsonb array). */
  security_questions: unknown;
  search_text: string;
  /** Issue 24: the gazetteer place its location names (migration 015), or null. */
  place_id: string | null;
  moderation_status: ModerationStatus;
  moderation_reason: string | null;
}

export const PUBLIC_COLUMNS = [
  'id',
  'type',
  'title',
  'description',
  'location',
  'category',
  'room_number',
  'image_url',
  'image_urls',
  'reward_amount',
  'reward_description',
  'status',
  'organization_id',
  'created_at',
  'handed_over_at',
  'author_verified',
  'place_id',
] as const;
export const DETAIL_COLUMNS = [
  ...PUBLIC_COLUMNS,
  'contact_info',
  'user_id',
  'is_public',
  'is_active',
  'security_questions',
  'outcome',
  'moderation_status',
  'moderation_reason',
] as const;

const textsOf = (value: unknown): string[] =>
  value === null || value === undefined
    ? []
    : ((typeof value === 'string' ? JSON.parse(value) : value) as string[]);

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function toPublic(row: Pick<AnnouncementRow, (typeof PUBLIC_COLUMNS)[number]>): PublicAnnouncement {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    location: row.location,
    category: row.category,
    roomNumber: row.room_number,
    imageUrl: row.image_url,
    thumbnailUrl: row.image_url ? thumbnailPathOf(row.image_url) : null,
    imageUrls: textsOf(row.image_urls),
    rewardAmount: Number(row.reward_amount),
    rewardDescription: row.reward_description,
    status: row.status,
    organizationId: row.organization_id,
    createdAt: iso(row.created_at),
    handedOverAt: row.handed_over_at ? iso(row.handed_over_at) : null,
    authorVerified: Boolean(row.author_verified),
    place: placeSummaryById(row.place_id),
  };
}

export function toDetails(row: Pick<AnnouncementRow, (typeof DETAIL_COLUMNS)[number]>): AnnouncementDetails {
  return {
    ...toPublic(row),
    contactInfo: row.contact_info,
    userId: row.user_id,
    isPublic: row.is_public,
    isActive: row.is_active,
    // The questions only: expected answers are added for those who may see them (application).
    securityQuestions: textsOf(row.security_questions).map((question) => ({ question })),
    outcome: row.outcome,
    moderationStatus: row.moderation_status,
    moderationReason: row.moderation_reason,
  };
}

export const DEFAULT_LIST_LIMIT = 200;
export const MAX_LIST_LIMIT = 500;

export interface PublicListFilters {
  /** The search's words (`searchWordsOf`); every one must match, in one of its ways. */
  words: SearchWord[];
  category?: Category;
  /** Only those with a reward. */
  rewards?: boolean;
  /** Only those at this gazetteer place or inside it (a district, a city). */
  place?: string;
  /** Only those posted at or after this instant. */
  postedFrom?: Date;
  /** Only those posted before this instant. */
  postedBefore?: Date;
}

export interface PublicListQuery extends PublicListFilters {
  limit: number;
  /** The page starts after this one (newest first; with a search, best rank first). */
  after?: ListCursor;
}

/** Not of an organisation this service knows to be deactivated (issue 21: its items leave the board). */
export const OF_ACTIVE_ORGANIZATION = notOfInactiveOrganization('announcements', `${TABLE}.organization_id`);

/**
 * The rows anyone may see: public, active, open, not of a deactivated organisation. The predicate repeats the partial indexes'
 * (`where is_public and is_active and status = 'open'`) so the planner can use them. Every public
 * read (list, count, one announcement, reward statistics, sitemap) starts here.
 */
function listedAnnouncements(db: Knex): Knex.QueryBuilder {
  return db(TABLE)
    .where('is_public', true)
    .andWhere('is_active', true)
    .andWhere('status', 'open')
    .andWhere('moderation_status', 'approved')
    .andWhere(OF_ACTIVE_ORGANIZATION);
}

function filteredAnnouncements(db: Knex, filters: PublicListFilters): Knex.QueryBuilder {
  const q = listedAnnouncements(db);
  // The board's filters as search conditions: the same SQL matches a saved search (notifications).
  for (const condition of boardFilterConditions(filters)) q.andWhereRaw(condition.sql, condition.bindings);
  if (filters.postedFrom) q.andWhere('created_at', '>=', filters.postedFrom);
  if (filters.postedBefore) q.andWhere('created_at', '<', filters.postedBefore);
  return q;
}

/** `created_at` as whole microseconds since 1970 (exact: the cursor must name the very row). */
const CREATED_US = '(extract(epoch from created_at) * 1000000)::bigint';
const AFTER_CURSOR = `(created_at, id) < (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?::uuid)`;

const NEWEST_FIRST = [
  { column: 'created_at', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/**
 * One page of the listed rows matching the filters, after the cursor, in one query: newest first
 * (ties by id); with a search, best rank first (`searchRank`), then newest. A search of several
 * words ranks every row matching all of them; a one-word search takes `rowsByTier`, in this order.
 */
export function publicListQuery(db: Knex, query: PublicListQuery): Knex.QueryBuilder {
  const q = filteredAnnouncements(db, query).select([
    ...PUBLIC_COLUMNS,
    db.raw(`${CREATED_US} as created_us`),
  ]);
  if (query.words.length === 0) {
    if (query.after) q.andWhereRaw(AFTER_CURSOR, [query.after.createdUs, query.after.id]);
    return q.orderBy([...NEWEST_FIRST]).limit(query.limit);
  }
  const rank = searchRank(query.words);
  q.select(db.raw(`${rank.sql} as rank`, rank.bindings));
  if (query.after) {
    const after = query.after.rank ?? 0;
    q.andWhereRaw(`(${rank.sql} > ? or (${rank.sql} = ? and ${AFTER_CURSOR}))`, [
      ...rank.bindings,
      after,
      ...rank.bindings,
      after,
      query.after.createdUs,
      query.after.id,
    ]);
  }
  return q.orderByRaw(`rank asc, created_at desc, id desc`).limit(query.limit);
}

type ListedRow = Pick<AnnouncementRow, (typeof PUBLIC_COLUMNS)[number]> & {
  created_us: string | number;
  rank?: string | number;
};

/**
 * A one-word search's page in `publicListQuery`'s order, way of matching by way of matching
 * (`wordTiers`): the rows matching in the best way newest first, then in the next way, until the
 * page is full. Each step walks the newest-first index (a common word's best rows are among the
 * newest it reads) or looks a rare word's few rows up; none ranks every match, which for a word in
 * one announcement of six meant reading 15 000 rows at 100 000 announcements before the first 200.
 */
async function rowsByTier(db: Knex, query: PublicListQuery, word: SearchWord, wanted: number) {
  const tiers = wordTiers(word);
  const rank = searchRank([word]);
  const others = { ...query, words: [] };
  const afterRank = query.after ? (query.after.rank ?? 0) : undefined;
  const rows: ListedRow[] = [];
  for (let i = 0; i < tiers.length && rows.length < wanted; i++) {
    const tier = tiers[i]!;
    if (afterRank !== undefined && tier.rank < afterRank) continue;
    // This way or a better one, as the indexes find them; the better ones were taken already (on
    // this page or an earlier one) and are passed over.
    const matching = anyTierSql(tiers.slice(0, i + 1));
    let after = tier.rank === afterRank ? query.after : undefined;
    for (;;) {
      const q = filteredAnnouncements(db, others)
        .andWhereRaw(matching.sql, matching.bindings)
        .select([
          ...PUBLIC_COLUMNS,
          db.raw(`${CREATED_US} as created_us`),
          db.raw(`${rank.sql} as rank`, rank.bindings),
        ]);
      if (after) q.andWhereRaw(AFTER_CURSOR, [after.createdUs, after.id]);
      const batch: ListedRow[] = await q.orderBy([...NEWEST_FIRST]).limit(wanted);
      for (const row of batch) if (Number(row.rank) === tier.rank && rows.length < wanted) rows.push(row);
      const last = batch[batch.length - 1];
      if (batch.length < wanted || rows.length >= wanted || !last) break;
      after = { createdUs: String(last.created_us), id: last.id };
    }
  }
  return rows;
}

export interface PublicListPage {
  announcements: PublicAnnouncement[];
  /** Where the next page starts; absent on the last page. */
  next?: ListCursor;
}

export async function listPublicPage(db: Knex, query: PublicListQuery): Promise<PublicListPage> {
  // One row more than the page says whether another page follows.
  const wanted = query.limit + 1;
  const [word, ...more] = query.words;
  const rows: ListedRow[] =
    word && more.length === 0
      ? await rowsByTier(db, query, word, wanted)
      : await publicListQuery(db, { ...query, limit: wanted });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    announcements: page.map(toPublic),
    next:
      rows.length > query.limit && last
        ? {
            ...(last.rank === undefined ? {} : { rank: Number(last.rank) }),
            createdUs: String(last.created_us),
            id: last.id,
          }
        : undefined,
  };
}

/** One page's announcements only. */
export async function listPublic(db: Knex, query: PublicListQuery): Promise<PublicAnnouncement[]> {
  return (await listPublicPage(db, query)).announcements;
}

/** Keeps the stems of a search document known (inside the projection's transaction). */
export async function rememberSearchTerms(trx: Knex, terms: readonly string[]): Promise<void> {
  const stems = terms.filter(isStemTerm);
  if (stems.length > 0)
    await trx(SEARCH_VOCABULARY_TABLE)
      .insert(stems.map((term) => ({ term })))
      .onConflict('term')
      .ignore();
}

/** The words with only the typo stems some announcement has (hundreds of guesses → a few). */
export async function withKnownTypos(db: Knex, words: SearchWord[]): Promise<SearchWord[]> {
  const guesses = [...new Set(words.flatMap((w) => w.typoTerms))];
  if (guesses.length === 0) return words;
  const known: Array<{ term: string }> = await db(SEARCH_VOCABULARY_TABLE)
    .select('term')
    .whereIn('term', guesses);
  return withTyposIn(words, new Set(known.map((r) => r.term)));
}

/** A place on the map: how many listed rows match there, and the newest of them. */
export interface PlaceOnMap {
  placeId: string;
  count: number;
  cards: MapCard[];
}

const MAP_CARD_COLUMNS = [
  'id',
  'type',
  'title',
  'category',
  'location',
  'reward_amount',
  'created_at',
  'image_url',
  'place_id',
] as const;

/** The grouped count the map reads first (the bench explains it): listed rows matching the filters, per place. */
export function placeCountsQuery(db: Knex, filters: PublicListFilters): Knex.QueryBuilder {
  return filteredAnnouncements(db, filters)
    .whereNotNull('place_id')
    .select('place_id')
    .count({ count: '*' })
    .groupBy('place_id');
}

/**
 * The map (issue 24): per place, how many listed rows match the filters and the newest `perPlace`
 * (one index-backed lateral read per place, migration 016), most announcements first. At most
 * one group per gazetteer place, so the answer stays small whatever the board's size.
 */
export async function placesOnMap(
  db: Knex,
  filters: PublicListFilters,
  perPlace: number,
): Promise<PlaceOnMap[]> {
  const counts: Array<{ place_id: string; count: string | number }> = await placeCountsQuery(db, filters);
  if (counts.length === 0) return [];
  const newest = filteredAnnouncements(db, filters)
    .select(MAP_CARD_COLUMNS)
    .whereRaw('place_id = at.place_id')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(perPlace);
  const ids = counts.map((c) => c.place_id);
  const rows: Array<Pick<AnnouncementRow, (typeof MAP_CARD_COLUMNS)[number]>> = await db
    .select('cards.*')
    .from(
      db.raw(`unnest(${textArray(ids)}) as at(place_id) cross join lateral (?) as cards`, [...ids, newest]),
    );
  const cardsAt = new Map<string, MapCard[]>();
  for (const row of rows) {
    const card: MapCard = {
      id: row.id,
      type: row.type,
      title: row.title,
      category: row.category,
      location: row.location,
      rewardAmount: Number(row.reward_amount),
      createdAt: iso(row.created_at),
      thumbnailUrl: row.image_url ? thumbnailPathOf(row.image_url) : null,
    };
    (cardsAt.get(row.place_id!) ?? cardsAt.set(row.place_id!, []).get(row.place_id!)!).push(card);
  }
  const newestFirst = (a: MapCard, b: MapCard) =>
    b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
  return counts
    .map((c) => ({
      placeId: c.place_id,
      count: Number(c.count),
      cards: (cardsAt.get(c.place_id) ?? []).sort(newestFirst),
    }))
    .sort((a, b) => b.count - a.count || a.placeId.localeCompare(b.placeId));
}

/** The exact count of the listed rows matching the filters. */
export function publicCountQuery(db: Knex, filters: PublicListFilters): Knex.QueryBuilder {
  return filteredAnnouncements(db, filters).count({ count: '*' });
}

/** The kept count of listed rows with this category, reward and place (each optional; migration 016). */
export function listedCountQuery(
  db: Knex,
  filters: Pick<PublicListFilters, 'category' | 'rewards' | 'place'>,
): Knex.QueryBuilder {
  return db(`${LISTED_COUNTS_TABLE} as listed_counts`)
    .sum({ count: 'count' })
    .where({
      category: filters.category ?? '',
      rewarded: Boolean(filters.rewards),
      place: filters.place ?? '',
    })
    .andWhere(notOfInactiveOrganization('announcements', 'listed_counts.organization_id'));
}

/**
 * The query of the list's total (the bench explains it), and the cap it counts up to, if any (one
 * row more says "more than that"). Without a search or a date filter, the kept counts (a few rows,
 * however many announcements); with either, the newest matches up to `SEARCH_TOTAL_CAP` or
 * `LIST_TOTAL_CAP`: a common word or 30 days are much of the board, and neither can be kept as a count.
 */
export function publicTotalQuery(
  db: Knex,
  filters: PublicListFilters,
): { query: Knex.QueryBuilder; cap?: number } {
  if (filters.words.length === 0 && !filters.postedFrom && !filters.postedBefore)
    return { query: listedCountQuery(db, filters) };
  const cap = filters.words.length > 0 ? SEARCH_TOTAL_CAP : LIST_TOTAL_CAP;
  const matched = filteredAnnouncements(db, filters)
    .select(db.raw('1'))
    .orderBy([...NEWEST_FIRST])
    .limit(cap + 1)
    .as('matched');
  return { query: db.from(matched).count({ count: '*' }), cap };
}

/** The list's total: exact, or (`capped`) at least `count`. */
export interface ListTotal {
  count: number;
  capped: boolean;
}

/** How many listed rows match the filters on all pages (`publicTotalQuery`). */
export async function countPublic(db: Knex, filters: PublicListFilters): Promise<ListTotal> {
  const { query, cap } = publicTotalQuery(db, filters);
  const count = Number((await query.first())?.count ?? 0);
  return cap !== undefined && count > cap ? { count: cap, capped: true } : { count, capped: false };
}

/** One listed announcement, or null (unknown, deleted, not public, not active, closed). */
/**
 * One announcement as its shared link shows it: a listed one, or (issue 22) a public one whose item
 * went back to its owner — a happy ending stays readable by its link, never listed. Its public columns
 * only, as for a listed one: no contact details. Closed otherwise, archived or deleted: not found.
 */
export async function findPublic(db: Knex, id: string): Promise<PublicAnnouncement | null> {
  const listed = await listedAnnouncements(db).select(PUBLIC_COLUMNS).where({ id }).first();
  const row =
    listed ??
    (await db(TABLE)
      .select(PUBLIC_COLUMNS)
      .where({ id, is_public: true, status: 'resolved', outcome: 'returned', moderation_status: 'approved' })
      .whereNull('deleted_at')
      .andWhere(OF_ACTIVE_ORGANIZATION)
      .first());
  return row ? toPublic(row) : null;
}

/** Count, sum and rounded mean of the rewards of every listed announcement with one. */
export async function rewardStatsOf(db: Knex): Promise<RewardStats> {
  const row = await listedAnnouncements(db)
    .andWhere('reward_amount', '>', 0)
    .select(db.raw('count(*) as count'), db.raw('coalesce(sum(reward_amount), 0) as total'))
    .first();
  const count = Number(row?.count ?? 0);
  const total = Number(row?.total ?? 0);
  return { count, total, average: count ? Math.round(total / count) : 0 };
}

/** The listed ones for `sitemap.xml`, newest first, with when each last changed (posted or renewed). */
export async function sitemapEntries(db: Knex, limit: number): Promise<SitemapEntry[]> {
  const rows: Array<{ id: string; last_modified: Date | string }> = await listedAnnouncements(db)
    .select('id', db.raw('coalesce(renewed_at, created_at) as last_modified'))
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map((r) => ({ id: r.id, lastModified: iso(r.last_modified) }));
}

/** The caller's own, archived and closed ones included (deleted ones not), newest first. */
export async function listByUser(db: Knex, userId: string, limit = 1000): Promise<AnnouncementDetails[]> {
  const rows = await db(TABLE)
    .select(DETAIL_COLUMNS)
    .where({ user_id: userId })
    .whereNull('deleted_at')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map(toDetails);
}

/** An announcement that is not deleted (a deleted one is only in the audit trail). */
export async function findDetails(db: Knex, id: string): Promise<AnnouncementDetails | null> {
  const row = await db(TABLE).select(DETAIL_COLUMNS).where({ id }).whereNull('deleted_at').first();
  return row ? toDetails(row) : null;
}

export interface OpenAnnouncement {
  id: string;
  /** When its archiving period started: posted, or last renewed. */
  periodStart: Date;
}

/** The start of an announcement's archiving period (matches the index `announcements_open_by_period`). */
const PERIOD_START = 'coalesce(renewed_at, created_at)';

/**
 * Open announcements whose archiving period started at or before `startedUpTo`, oldest first,
 * one page after the keyset cursor `after` (for the archiving sweep).
 */
export async function openStartedUpTo(
  db: Knex,
  startedUpTo: Date,
  options: { after?: OpenAnnouncement; limit: number },
): Promise<OpenAnnouncement[]> {
  const q = db(TABLE)
    .select('id', db.raw(`${PERIOD_START} as period_start`))
    .where('status', 'open')
    .whereNull('deleted_at')
    .andWhereRaw(`${PERIOD_START} <= ?`, [startedUpTo]);
  if (options.after)
    q.andWhereRaw(`(${PERIOD_START}, id) > (?, ?)`, [options.after.periodStart, options.after.id]);
  const rows: Array<{ id: string; period_start: Date | string }> = await q
    .orderByRaw(`${PERIOD_START} asc, id asc`)
    .limit(options.limit);
  return rows.map((r) => ({ id: r.id, periodStart: new Date(r.period_start) }));
}
