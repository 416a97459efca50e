import type { Knex } from 'knex';
import type {
  AnsweredQuestion,
  HandledRequest,
  MyRequest,
  RequestStatusFilter,
} from '@tapinti/contracts/requests-api';
import { OPEN_REQUEST_STATUSES } from '@tapinti/contracts/requests-api';
import { TEXT_WARNINGS, type TextWarning } from '@tapinti/contracts/text-warnings';
import { warnings } from '@tapinti/text/risk-signals';
import type { ClaimantRecord } from '../domain/request';
import { HOUR_MS } from '../domain/request';
import { ANNOUNCEMENTS } from './announcements';
import { jsonValue } from './json';
import { USERS } from './users';

export const REQUESTS = 'requests.requests';
export const DETAILS = 'requests.request_details';

/** Lists have no paging (spec: not shown); the newest this many. */
export const LIST_LIMIT = 500;

const iso = (v: Date | string | null): string | null =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * Serialises the requests that touch one announcement (filing on it, resolving a claim on it)
 * and the filings of one claimant (their open and hourly counts), inside the transaction:
 * a check made under the lock still holds when the transaction commits.
 */
export async function lockAnnouncementClaims(trx: Knex.Transaction, announcementId: string) {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
    `requests:announcement:${announcementId}`,
  ]);
}
export async function lockClaimant(trx: Knex.Transaction, userId: string) {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`requests:claimant:${userId}`]);
}

export async function claimantRecord(
  db: Knex,
  userId: string,
  announcementId: string,
  now: Date,
): Promise<ClaimantRecord> {
  const open = await db(REQUESTS)
    .where({ user_id: userId })
    .whereIn('status', OPEN_REQUEST_STATUSES)
    .select('announcement_id');
  const recent: Array<{ created_at: Date | string }> = await db(REQUESTS)
    .where({ user_id: userId })
    .andWhere('created_at', '>', new Date(now.getTime() - HOUR_MS))
    .orderBy('created_at', 'asc')
    .select('created_at');
  return {
    openRequests: open.length,
    filedWithinHour: recent.map((r) => new Date(r.created_at)),
    hasOpenRequestOnAnnouncement: open.some((r) => r.announcement_id === announcementId),
  };
}

/** Whether a request on this announcement was resolved_claimed (the item went back). */
export async function isItemClaimed(db: Knex, announcementId: string): Promise<boolean> {
  const row = await db(REQUESTS)
    .where({ announcement_id: announcementId, status: 'resolved_claimed' })
    .first('id');
  return !!row;
}

/** The other pending or contacted requests on an announcement. */
export async function openRequestIdsOn(db: Knex, announcementId: string, except: string): Promise<string[]> {
  const rows = await db(REQUESTS)
    .where({ announcement_id: announcementId })
    .whereIn('status', OPEN_REQUEST_STATUSES)
    .whereNot({ id: except })
    .orderBy('created_at', 'asc')
    .select('id');
  return rows.map((r) => r.id);
}

export interface RequestDetails {
  requestId: string;
  roomNumber: string | null;
  message: string | null;
  answers: AnsweredQuestion[];
}

/** What the claimant wrote: never an event, written in the filing transaction. */
export async function insertDetails(trx: Knex.Transaction, details: RequestDetails): Promise<void> {
  await trx(DETAILS).insert({
    request_id: details.requestId,
    room_number: details.roomNumber,
    message: details.message,
    answers: JSON.stringify(details.answers),
  });
}

/** The columns of a request as its handler sees it (the claimant's own view is a subset). */
function selectRequests(db: Knex) {
  return db(`${REQUESTS} as r`)
    .leftJoin(`${DETAILS} as d`, 'd.request_id', 'r.id')
    .leftJoin(`${ANNOUNCEMENTS} as a`, 'a.id', 'r.announcement_id')
    .leftJoin(`${USERS} as u`, 'u.user_id', 'r.user_id')
    .leftJoin(`${USERS} as h`, 'h.user_id', 'r.handled_by')
    .select(
      'r.id',
      'r.announcement_id',
      'r.organization_id',
      'r.user_id',
      'r.handler_user_id',
      'r.contact_method',
      'r.status',
      'r.handled_by',
      'r.handled_at',
      'r.created_at',
      'd.room_number',
      'd.message',
      'd.answers',
      'a.title as announcement_title',
      'a.type as announcement_type',
      'a.room_number as announcement_room_number',
      'a.status as announcement_status',
      'u.username',
      'u.email',
      'u.phone',
      'h.username as handled_by_username',
    )
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .limit(LIST_LIMIT);
}

type Row = Record<string, any>;

function toMine(row: Row): MyRequest {
  return {
    id: row.id,
    announcementId: row.announcement_id,
    organizationId: row.organization_id,
    contactMethod: row.contact_method,
    roomNumber: row.room_number ?? null,
    message: row.message ?? null,
    answers: jsonValue<AnsweredQuestion[]>(row.answers, []),
    status: row.status,
    handledAt: iso(row.handled_at),
    createdAt: iso(row.created_at)!,
    announcement:
      row.announcement_title == null
        ? null
        : {
            title: row.announcement_title,
            type: row.announcement_type,
            roomNumber: row.announcement_room_number,
            status: row.announcement_status,
          },
  };
}

/**
 * Issue 21: the risk signs in a claim's message and answers (the announcements' rules, normalised
 * the same way), read at each answer so a better rule covers old claims too.
 */
function warningsOf(request: MyRequest): TextWarning[] {
  const texts = [request.message ?? '', ...request.answers.map((a) => a.answer)];
  const found = new Set(texts.flatMap(warnings));
  return TEXT_WARNINGS.filter((w) => found.has(w));
}

function toHandled(row: Row): HandledRequest {
  const contact =
    row.contact_method === 'phone' ? row.phone : row.contact_method === 'email' ? row.email : null;
  const mine = toMine(row);
  return {
    ...mine,
    userId: row.user_id,
    username: row.username ?? null,
    contact: contact ?? null,
    handledBy: row.handled_by,
    handledByUsername: row.handled_by_username ?? null,
    warnings: warningsOf(mine),
  };
}

function filterStatus(q: Knex.QueryBuilder, status: RequestStatusFilter | undefined) {
  if (status === 'resolved') q.andWhere('r.status', 'like', 'resolved%');
  else if (status) q.andWhere('r.status', status);
  return q;
}

export async function listMine(db: Knex, userId: string): Promise<MyRequest[]> {
  const rows = await selectRequests(db).where('r.user_id', userId);
  return rows.map(toMine);
}

export async function findMine(db: Knex, requestId: string): Promise<MyRequest | null> {
  const row = await selectRequests(db).where('r.id', requestId).first();
  return row ? toMine(row) : null;
}

export async function findHandled(db: Knex, requestId: string): Promise<HandledRequest | null> {
  const row = await selectRequests(db).where('r.id', requestId).first();
  return row ? toHandled(row) : null;
}

/** Requests on the author's own announcements that have no organisation. */
export async function listIncoming(
  db: Knex,
  handlerUserId: string,
  status?: RequestStatusFilter,
): Promise<HandledRequest[]> {
  const rows = await filterStatus(selectRequests(db).where('r.handler_user_id', handlerUserId), status);
  return rows.map(toHandled);
}

export async function listForOrganization(
  db: Knex,
  organizationId: string,
  status?: RequestStatusFilter,
): Promise<HandledRequest[]> {
  const rows = await filterStatus(selectRequests(db).where('r.organization_id', organizationId), status);
  return rows.map(toHandled);
}
