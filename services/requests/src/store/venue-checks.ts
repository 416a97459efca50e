import type { Knex } from 'knex';
import type {
  OwnerVenueCheck,
  VenueCheckAnswer,
  VenueCheckInboxItem,
  VenueCheckStatus,
} from '@tapinti/contracts/venue-checks-api';
import type {
  VenueCheckAnsweredV1,
  VenueCheckAskedV1,
  VenueCheckSeenV1,
} from '@tapinti/contracts/venue-checks-events';
import type { AskRecord } from '../domain/venue-check';
import { ANNOUNCEMENTS } from './announcements';
import { ANSWER_DEADLINES, VENUE_TERMS } from './answer-deadlines';

export const VENUE_CHECKS = 'requests.venue_checks';

type Db = Knex | Knex.Transaction;

const DAY_MS = 24 * 3600_000;
const WEEK_MS = 7 * DAY_MS;

/** The owner's asks are decided one at a time (limits counted under it), after the announcement's lock. */
export async function lockOwnerAsks(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`requests:venue-asker:${userId}`]);
}

/** What the limits of an ask read: earlier asks of this announcement, of this owner, of these venues. */
export async function askRecord(
  db: Db,
  announcementId: string,
  ownerUserId: string,
  organizationIds: string[],
  now: Date,
): Promise<AskRecord> {
  const asked = await db(VENUE_CHECKS).where({ announcement_id: announcementId }).select('organization_id');
  const byOwner: Array<{ organization_id: string; asked_at: Date | string }> = await db(VENUE_CHECKS)
    .where({ owner_user_id: ownerUserId })
    .andWhere('asked_at', '>', new Date(now.getTime() - WEEK_MS))
    .select('organization_id', 'asked_at');
  const byVenue: Array<{ organization_id: string; asked_at: Date | string }> = await db(VENUE_CHECKS)
    .whereIn('organization_id', organizationIds)
    .andWhere('asked_at', '>', new Date(now.getTime() - DAY_MS))
    .select('organization_id', 'asked_at');
  const group = (rows: Array<{ organization_id: string; asked_at: Date | string }>) => {
    const out: Record<string, Date[]> = {};
    for (const r of rows) (out[r.organization_id] ??= []).push(new Date(r.asked_at));
    return out;
  };
  return {
    askedForAnnouncement: asked.map((r: { organization_id: string }) => r.organization_id),
    ownerAsksWithinDay: byOwner
      .map((r) => new Date(r.asked_at))
      .filter((t) => now.getTime() - t.getTime() < DAY_MS),
    ownerAsksOfVenueWithinWeek: group(byOwner),
    venueAsksWithinDay: group(byVenue),
  };
}

/**
 * Venues that may be asked: approved (this service heard of the organisation's creation: its name
 * in `venue_terms`) and active (`organization_status`). Returns the ids among `ids` that qualify.
 */
export async function askableVenues(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db(`${VENUE_TERMS} as v`)
    .leftJoin('requests.organization_status as s', 's.organization_id', 'v.organization_id')
    .whereIn('v.organization_id', ids)
    .whereNotNull('v.name')
    .where((q) => q.whereNull('s.is_active').orWhere('s.is_active', true))
    .select('v.organization_id');
  return rows.map((r: { organization_id: string }) => r.organization_id);
}

export async function findVenueCheckOrganization(db: Db, id: string): Promise<string | null> {
  const row = await db(VENUE_CHECKS).where({ id }).first('organization_id');
  return row?.organization_id ?? null;
}

// ---- the read model (projection) ----

export async function insertVenueCheck(trx: Knex.Transaction, p: VenueCheckAskedV1): Promise<void> {
  await trx(VENUE_CHECKS).insert({
    id: p.venueCheckId,
    announcement_id: p.announcementId,
    organization_id: p.organizationId,
    owner_user_id: p.ownerUserId,
    asked_at: p.askedAt,
    due_at: p.dueAt,
  });
  // Held to its deadline by the same rows and job as a claim.
  await trx(ANSWER_DEADLINES).insert({
    request_id: p.venueCheckId,
    kind: 'venue-check',
    announcement_id: p.announcementId,
    organization_id: p.organizationId,
    filed_at: p.askedAt,
    remind_at: p.remindAt,
    due_at: p.dueAt,
  });
}

export async function markVenueCheckSeen(trx: Knex.Transaction, p: VenueCheckSeenV1): Promise<void> {
  await trx(VENUE_CHECKS).where({ id: p.venueCheckId }).update({ seen_at: p.seenAt, seen_by: p.seenBy });
}

export async function recordVenueCheckAnswer(trx: Knex.Transaction, p: VenueCheckAnsweredV1): Promise<void> {
  await trx(VENUE_CHECKS).where({ id: p.venueCheckId }).update({
    answer: p.answer,
    item_id: p.itemId,
    request_id: p.requestId,
    answered_by: p.answeredBy,
    answered_at: p.answeredAt,
  });
  // The answer stops the deadline's clock.
  await trx(ANSWER_DEADLINES)
    .where({ request_id: p.venueCheckId })
    .whereNull('first_answered_at')
    .update({ first_answered_at: p.answeredAt });
}

// ---- views ----

interface VenueCheckRow {
  id: string;
  announcement_id: string;
  organization_id: string;
  asked_at: Date | string;
  due_at: Date | string;
  seen_at: Date | string | null;
  answer: VenueCheckAnswer | null;
  item_id: string | null;
  request_id: string | null;
  answered_at: Date | string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

function answerFieldsOf(row: VenueCheckRow, now: Date) {
  const status: VenueCheckStatus = row.answered_at ? 'answered' : row.seen_at ? 'seen' : 'asked';
  return {
    status,
    askedAt: iso(row.asked_at),
    seenAt: isoOrNull(row.seen_at),
    answer: row.answer,
    answeredAt: isoOrNull(row.answered_at),
    itemId: row.item_id,
    requestId: row.request_id,
    dueAt: iso(row.due_at),
    overdue: !row.answered_at && new Date(row.due_at).getTime() <= now.getTime(),
  };
}

const COLUMNS = [
  'c.id',
  'c.announcement_id',
  'c.organization_id',
  'c.asked_at',
  'c.due_at',
  'c.seen_at',
  'c.answer',
  'c.item_id',
  'c.request_id',
  'c.answered_at',
];

/** The announcement's asked venues, oldest ask first (the owner's view). */
export async function listForAnnouncement(
  db: Db,
  announcementId: string,
  now: Date,
): Promise<OwnerVenueCheck[]> {
  const rows = await db(`${VENUE_CHECKS} as c`)
    .leftJoin(`${VENUE_TERMS} as v`, 'v.organization_id', 'c.organization_id')
    .where('c.announcement_id', announcementId)
    .orderBy([{ column: 'c.asked_at' }, { column: 'c.id' }])
    .select(...COLUMNS, 'v.name');
  return rows.map((r: VenueCheckRow & { name: string | null }) => ({
    id: r.id,
    organizationId: r.organization_id,
    organizationName: r.name ?? null,
    ...answerFieldsOf(r, now),
  }));
}

const inboxQuery = (db: Db) =>
  db(`${VENUE_CHECKS} as c`)
    .leftJoin(`${ANNOUNCEMENTS} as a`, 'a.id', 'c.announcement_id')
    .select(...COLUMNS, 'a.title', 'a.status');

const inboxItemOf = (r: VenueCheckRow & { title: string | null; status: string | null }, now: Date) => ({
  id: r.id,
  announcementId: r.announcement_id,
  organizationId: r.organization_id,
  announcementTitle: r.title ?? null,
  announcementStatus: r.status ?? null,
  ...answerFieldsOf(r, now),
});

/** A venue's inbox, newest ask first. */
export async function listInbox(db: Db, organizationId: string, now: Date): Promise<VenueCheckInboxItem[]> {
  const rows = await inboxQuery(db)
    .where('c.organization_id', organizationId)
    .orderBy([
      { column: 'c.asked_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .limit(500);
  return rows.map((r: Parameters<typeof inboxItemOf>[0]) => inboxItemOf(r, now));
}

export async function findInboxItem(db: Db, id: string, now: Date): Promise<VenueCheckInboxItem | null> {
  const row = await inboxQuery(db).where('c.id', id).first();
  return row ? inboxItemOf(row, now) : null;
}
