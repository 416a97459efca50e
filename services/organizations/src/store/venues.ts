import type { Knex } from 'knex';
import type {
  OrganizationType,
  SubscriptionPlan,
  WorkingHoursV1,
} from '@tapinti/contracts/organizations-events';
import type { RequestHandedOverV1 } from '@tapinti/contracts/requests-events';
import { FALLBACK_PLAN } from '@tapinti/contracts/plans-api';
import { VENUE_SLUG_MAX } from '@tapinti/contracts/venue-slug';
import type { VenueDistrict, VenueSummary } from '@tapinti/contracts/venue-summary';
import { areaOf, PLACES, placeOf } from '@tapinti/matching/gazetteer';
import {
  ANSWER_DEADLINE_HOURS,
  SCORECARD_WINDOW_DAYS,
  type VenueProfile,
  type VenuePage,
  type VenueScorecard,
} from '@tapinti/contracts/venues-api';
import { DAY_MS } from '@tapinti/contracts/baku-calendar';
import { TABLES } from './tables';

type Db = Knex | Knex.Transaction;
const PAGE_ITEMS = 60;

/** Serialises the choice of a slug (two organisations asking for one at once: one wins, one 409s). */
export async function lockSlug(trx: Knex.Transaction, slug: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`organizations:venue-slug:${slug}`]);
}

/** Another organisation's page already has `slug` (read under its lock). */
export async function slugTaken(
  trx: Knex.Transaction,
  slug: string,
  organizationId: string,
): Promise<boolean> {
  const row = await trx(TABLES.venueProfiles)
    .where({ slug })
    .whereNot({ organization_id: organizationId })
    .first('organization_id');
  return Boolean(row);
}

/** Organisations without a venue page (approved before pages existed), with who approved each. */
export async function organizationsWithoutPage(db: Db): Promise<{ id: string; approvedBy: string }[]> {
  const rows: { id: string; reviewed_by: string }[] = await db({ o: TABLES.organizations })
    .join({ a: TABLES.applications }, 'a.id', 'o.application_id')
    .leftJoin({ v: TABLES.venueProfiles }, 'v.organization_id', 'o.id')
    .whereNull('v.organization_id')
    .whereNotNull('a.reviewed_by')
    .orderBy('o.created_at')
    .select('o.id', 'a.reviewed_by');
  return rows.map((r) => ({ id: r.id, approvedBy: r.reviewed_by }));
}

/** `base`, else `base-2`, `base-3`, …: the first slug free (locked) for the approval's default. */
export async function freeSlug(trx: Knex.Transaction, base: string, organizationId: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const slug = `${base.slice(0, VENUE_SLUG_MAX - suffix.length)}${suffix}`;
    await lockSlug(trx, slug);
    if (!(await slugTaken(trx, slug, organizationId))) return slug;
  }
}

const hoursOf = (value: unknown): WorkingHoursV1 | null =>
  typeof value === 'string' ? (JSON.parse(value) as WorkingHoursV1) : ((value as WorkingHoursV1) ?? null);

const deadlineHoursOf = (plan: SubscriptionPlan | null) => ANSWER_DEADLINE_HOURS[plan ?? FALLBACK_PLAN];

export async function findVenueProfile(db: Db, organizationId: string, plan: SubscriptionPlan | null) {
  const row = await db(TABLES.venueProfiles).where({ organization_id: organizationId }).first();
  if (!row) return null;
  const profile: VenueProfile = {
    organizationId,
    slug: row.slug,
    workingHours: hoursOf(row.working_hours),
    pausesDeadlineOutsideHours: Boolean(row.pauses_deadline_outside_hours),
    pickupInstructions: row.pickup_instructions ?? null,
    answerDeadlineHours: deadlineHoursOf(plan),
  };
  return profile;
}

/** Active organisations with a page, their plan and their median first answer (the scorecard's). */
function venuesQuery(db: Db, since: Date) {
  return db({ o: TABLES.organizations })
    .join({ v: TABLES.venueProfiles }, 'v.organization_id', 'o.id')
    .leftJoin({ s: TABLES.subscriptions }, 's.id', 'o.subscription_id')
    .where('o.is_active', true)
    .select(
      'o.id',
      'o.name',
      'o.type',
      'o.address',
      'v.slug',
      'v.working_hours',
      'v.pickup_instructions',
      's.plan',
      db
        .from({ c: TABLES.venueClaims })
        .whereRaw('c.organization_id = o.id')
        .where('c.filed_at', '>=', since)
        .select(
          db.raw(
            'round(percentile_cont(0.5) within group (order by extract(epoch from (c.first_answered_at - c.filed_at)) / 60))',
          ),
        )
        .as('median_minutes'),
    );
}

interface VenueRow {
  id: string;
  name: string;
  type: OrganizationType;
  address: string;
  slug: string;
  working_hours: unknown;
  pickup_instructions: string | null;
  plan: SubscriptionPlan | null;
  median_minutes: string | number | null;
}

/**
 * The administrative district (a `d-…` place of the gazetteer) the address's first named place
 * lies in, or is (issue 26 point 1: venues picked by type and district); null when none.
 */
export function districtOf(address: string): VenueDistrict | null {
  const place = placeOf(address);
  const district = place && areaOf(place).find((id) => id.startsWith('d-'));
  const found = district ? PLACES.get(district) : undefined;
  return found ? { id: found.id, name: found.label, nameEn: found.en, nameRu: found.ru } : null;
}

const summaryOf = (row: VenueRow): VenueSummary => ({
  organizationId: row.id,
  slug: row.slug,
  name: row.name,
  type: row.type,
  district: districtOf(row.address),
  answerDeadlineHours: deadlineHoursOf(row.plan),
  medianFirstAnswerMinutes: row.median_minutes === null ? null : Number(row.median_minutes),
});

const windowStart = (now: Date) => new Date(now.getTime() - SCORECARD_WINDOW_DAYS * DAY_MS);

export async function listVenues(db: Db, now: Date): Promise<VenueSummary[]> {
  const rows: VenueRow[] = await venuesQuery(db, windowStart(now)).orderBy('o.name').limit(1000);
  return rows.map(summaryOf);
}

/** The scorecard of the last 90 days: claims filed in them; items returned in them. */
async function scorecardOf(db: Db, organizationId: string, now: Date): Promise<VenueScorecard> {
  const since = windowStart(now);
  const row = await db(TABLES.venueClaims)
    .where({ organization_id: organizationId })
    .where((q) => q.where('filed_at', '>=', since).orWhere('returned_at', '>=', since))
    .first(
      db.raw('count(*) filter (where filed_at >= ?) as claims', [since]),
      db.raw('count(*) filter (where filed_at >= ? and first_answered_at <= due_at) as within_deadline', [
        since,
      ]),
      db.raw(
        `count(*) filter (where filed_at >= ? and (first_answered_at > due_at
           or (first_answered_at is null and due_at <= ?))) as missed`,
        [since, now],
      ),
      db.raw('count(*) filter (where returned_at >= ?) as returned', [since]),
    );
  const within = Number(row?.within_deadline ?? 0);
  const missed = Number(row?.missed ?? 0);
  const judged = within + missed;
  return {
    windowDays: SCORECARD_WINDOW_DAYS,
    claims: Number(row?.claims ?? 0),
    medianFirstAnswerMinutes: null,
    answeredWithinDeadlinePercent: judged ? Math.round((within * 100) / judged) : null,
    missedDeadlines: missed,
    itemsReturned: Number(row?.returned ?? 0),
  };
}

/** The public page of an active organisation, by its slug; null when there is none. */
export async function findVenuePage(db: Db, slug: string, now: Date): Promise<VenuePage | null> {
  const row: VenueRow | undefined = await venuesQuery(db, windowStart(now)).where('v.slug', slug).first();
  if (!row) return null;
  const summary = summaryOf(row);
  const items = await db(TABLES.organizationAnnouncements)
    .where({ organization_id: row.id, type: 'found', status: 'open', is_public: true, approved: true })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(PAGE_ITEMS)
    .select('id', 'title', 'category', 'location', 'image_url', 'created_at');
  const scorecard = await scorecardOf(db, row.id, now);
  return {
    ...summary,
    type: row.type,
    address: row.address,
    workingHours: hoursOf(row.working_hours),
    pickupInstructions: row.pickup_instructions,
    verified: true,
    plan: row.plan ?? FALLBACK_PLAN,
    scorecard: { ...scorecard, medianFirstAnswerMinutes: summary.medianFirstAnswerMinutes },
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      category: i.category,
      location: i.location,
      imageUrl: i.image_url ?? null,
      createdAt: new Date(i.created_at).toISOString(),
    })),
  };
}

/**
 * Consumer `organizations.venue-scorecards` (requests.events): a claim with a deadline, and a
 * venue request (issue 26 point 1: held to the same deadline, in public), is recorded once; its
 * first answer and a claim's hand-over set a time once (a redelivery changes nothing). A status
 * change of a claim without a deadline (a person's item) matches no row.
 */
/** A claim or a venue check with its deadline, recorded once. */
export async function deadlineFiled(
  trx: Knex.Transaction,
  fact: { id: string; organizationId: string; filedAt: string; dueAt: string },
): Promise<void> {
  await trx(TABLES.venueClaims)
    .insert({
      request_id: fact.id,
      organization_id: fact.organizationId,
      filed_at: fact.filedAt,
      due_at: fact.dueAt,
    })
    .onConflict('request_id')
    .ignore();
}

/** Its first answer, set once. */
export async function deadlineAnswered(trx: Knex.Transaction, id: string, answeredAt: string): Promise<void> {
  await trx(TABLES.venueClaims)
    .where({ request_id: id })
    .whereNull('first_answered_at')
    .update({ first_answered_at: answeredAt });
}

export async function venueClaimReturned(trx: Knex.Transaction, p: RequestHandedOverV1): Promise<void> {
  await trx(TABLES.venueClaims)
    .where({ request_id: p.requestId })
    .whereNull('returned_at')
    .update({ returned_at: p.handedOverAt });
}
