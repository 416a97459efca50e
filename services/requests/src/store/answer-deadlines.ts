import type { SubscriptionPlan, WorkingHoursV1 } from '@tapinti/contracts/organizations-events';
import type { OverdueClaim } from '@tapinti/contracts/venues-api';
import type { Knex } from '@tapinti/platform/db';
import type { VenueTerms } from '../domain/answer-deadline';
import { ANNOUNCEMENTS } from './announcements';

export const ANSWER_DEADLINES = 'requests.answer_deadlines';
export const VENUE_TERMS = 'requests.venue_terms';

type Db = Knex | Knex.Transaction;

/** Sets some of an organisation's terms (each event sets values, so a redelivered one changes nothing). */
export async function setVenueTerms(
  trx: Knex.Transaction,
  organizationId: string,
  terms: Partial<{
    name: string;
    plan: SubscriptionPlan;
    working_hours: string | null;
    pauses_outside_hours: boolean;
  }>,
): Promise<void> {
  await trx(VENUE_TERMS)
    .insert({ organization_id: organizationId, ...terms })
    .onConflict('organization_id')
    .merge(Object.keys(terms));
}

export async function findVenueTerms(db: Db, organizationId: string): Promise<VenueTerms | null> {
  const row = await db(VENUE_TERMS).where({ organization_id: organizationId }).first();
  if (!row) return null;
  const hours = row.working_hours as WorkingHoursV1 | string | null;
  return {
    plan: row.plan,
    workingHours: typeof hours === 'string' ? (JSON.parse(hours) as WorkingHoursV1) : hours,
    pausesOutsideHours: Boolean(row.pauses_outside_hours),
  };
}

/** What a deadline row holds to its time: a claim, or a venue check (issue 26 point 1). */
export type DeadlineKind = 'claim' | 'venue-check';

/**
 * Unanswered claims and venue checks whose reminder or escalation has fallen due and not been
 * recorded, oldest first.
 */
export async function deadlinesDue(
  db: Db,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; kind: DeadlineKind }>> {
  const rows = await db(ANSWER_DEADLINES)
    .whereNull('first_answered_at')
    .where((q) =>
      q
        .where((r) => r.whereNull('reminded_at').where('remind_at', '<=', now))
        .orWhere((r) => r.whereNull('overdue_at').where('due_at', '<=', now)),
    )
    .orderBy('remind_at')
    .limit(limit)
    .select('request_id', 'kind');
  return rows.map((r: { request_id: string; kind: DeadlineKind }) => ({ id: r.request_id, kind: r.kind }));
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * Claims and venue checks past their deadline still without an answer, longest overdue first (the
 * super admin's list).
 */
export async function listOverdue(db: Db, limit = 500): Promise<OverdueClaim[]> {
  const rows = await db(`${ANSWER_DEADLINES} as d`)
    .leftJoin(`${ANNOUNCEMENTS} as a`, 'a.id', 'd.announcement_id')
    .leftJoin(`${VENUE_TERMS} as v`, 'v.organization_id', 'd.organization_id')
    .whereNull('d.first_answered_at')
    .whereNotNull('d.overdue_at')
    .orderBy([{ column: 'd.due_at' }, { column: 'd.request_id' }])
    .limit(limit)
    .select(
      'd.kind',
      'd.request_id',
      'd.announcement_id',
      'a.title',
      'd.organization_id',
      'v.name',
      'd.filed_at',
      'd.due_at',
      'd.overdue_at',
    );
  return rows.map((r) => ({
    kind: r.kind,
    requestId: r.request_id,
    announcementId: r.announcement_id,
    announcementTitle: r.title ?? null,
    organizationId: r.organization_id,
    organizationName: r.name ?? null,
    filedAt: iso(r.filed_at),
    dueAt: iso(r.due_at),
    escalatedAt: iso(r.overdue_at),
  }));
}
