import type { Knex } from 'knex';
import type {
  AnnouncementDetails,
  AnnouncementStatus,
  AnnouncementType,
  Category,
  CloseOutcome,
  PublicAnnouncement,
} from '@tapinti/contracts/announcements-api';
import { containsPattern } from '@tapinti/platform/sql-like';
import { thumbnailPathOf } from '../domain/photo';
import { isWordPrefixTerm } from '../domain/search';

export const TABLE = 'announcements.announcements';

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
  reward_amount: number;
  reward_description: string | null;
  status: AnnouncementStatus;
  is_public: boolean;
  is_active: boolean;
  created_at: Date | string;
  archived_at: Date | string | null;
  resolved_at: Date | string | null;
  outcome: CloseOutcome | null;
  renewed_at: Date | string | null;
  deleted_at: Date | string | null;
  /** The question texts (jsonb array). */
  security_questions: unknown;
  search_text: string;
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
  'reward_amount',
  'reward_description',
  'status',
  'organization_id',
  'created_at',
] as const;
const DETAIL_COLUMNS = [
  ...PUBLIC_COLUMNS,
  'contact_info',
  'user_id',
  'is_public',
  'is_active',
  'security_questions',
  'outcome',
] as const;

const questionsOf = (value: unknown): string[] =>
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
    rewardAmount: Number(row.reward_amount),
    rewardDescription: row.reward_description,
    status: row.status,
    organizationId: row.organization_id,
    createdAt: iso(row.created_at),
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
    securityQuestions: questionsOf(row.security_questions).map((question) => ({ question })),
    outcome: row.outcome,
  };
}

export const DEFAULT_LIST_LIMIT = 200;
export const MAX_LIST_LIMIT = 500;

export interface PublicListQuery {
  /** Folded search words (see `searchTermsOf`); all must occur (1–2 characters: as a word's start). */
  terms: string[];
  category?: Category;
  limit: number;
}

/**
 * Public, active, not archived; newest first. The predicate repeats the partial indexes'
 * (`where is_public and is_active and status = 'open'`) so the planner can use them.
 */
export function publicListQuery(db: Knex, query: PublicListQuery): Knex.QueryBuilder {
  const q = db(TABLE)
    .select(PUBLIC_COLUMNS)
    .where('is_public', true)
    .andWhere('is_active', true)
    .andWhere('status', 'open');
  if (query.category) q.andWhere('category', query.category);
  for (const term of query.terms) {
    if (isWordPrefixTerm(term)) q.andWhereRaw('search_word_prefixes @> array[?]::text[]', [term]);
    else q.andWhereRaw(`search_text like ? escape '\\'`, [containsPattern(term)]);
  }
  return q
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit);
}

export async function listPublic(db: Knex, query: PublicListQuery): Promise<PublicAnnouncement[]> {
  const rows = await publicListQuery(db, query);
  return rows.map(toPublic);
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
