import { bakuMonth, startOfBakuMonth } from '@tapinti/contracts/baku-calendar';
import type { SubscriptionPlan } from '@tapinti/contracts/organizations-events';
import {
  FALLBACK_PLAN,
  type InventoryUsage,
  PLAN_LIMITS,
  planLimitMessage,
} from '@tapinti/contracts/plans-api';
import type { Knex } from '@tapinti/platform/db';
import { ConflictError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import { TABLES } from '../store/tables';

/**
 * The plans' limits on the office (issue 25 point 8), from this service's own copy of each
 * organisation's plan (consumer group `inventory.organization-plans`). Until that copy has the
 * organisation, its plan is basic, the approval's default. Every refusal is 409 (the request
 * conflicts with the organisation's plan, not with who asks: 403 stays the answer about roles) and
 * names the limit and the plan that lifts it. The super admin (read-only support) is never limited.
 */
export async function planOf(db: Knex, organizationId: string): Promise<SubscriptionPlan> {
  const row = await db(TABLES.organizationPlans)
    .select('plan')
    .where({ organization_id: organizationId })
    .first();
  return (row?.plan as SubscriptionPlan | undefined) ?? FALLBACK_PLAN;
}

/**
 * 409 unless the organisation's plan includes `feature` (labels here; reports: one line in the
 * reports endpoints, `await requirePlanFeature(knex, caller, organizationId, 'reports')`).
 */
export async function requirePlanFeature(
  db: Knex,
  caller: Caller,
  organizationId: string,
  feature: 'labels' | 'reports',
): Promise<void> {
  if (caller.role === 'super_admin') return;
  const plan = await planOf(db, organizationId);
  if (!PLAN_LIMITS[plan][feature]) throw new ConflictError(planLimitMessage(feature, plan));
}

const itemsLoggedSince = async (db: Knex, organizationId: string, start: Date): Promise<number> =>
  Number(
    (
      await db(TABLES.items)
        .count<{ count: string }[]>({ count: '*' })
        .where({ organization_id: organizationId })
        .andWhere('logged_at', '>=', start)
    )[0]!.count,
  );

const storagePlaceCount = async (db: Knex, organizationId: string): Promise<number> =>
  Number(
    (
      await db(TABLES.storagePlaces)
        .count<{ count: string }[]>({ count: '*' })
        .where({ organization_id: organizationId })
    )[0]!.count,
  );

/**
 * 409 when the month's intakes have reached the plan's limit. Called in the intake's transaction,
 * after the register stream was read: concurrent intakes of one organisation conflict on that
 * stream and are retried with a fresh count, so the limit is exact.
 */
export async function ensureItemAllowed(
  trx: Knex.Transaction,
  organizationId: string,
  now: Date,
): Promise<void> {
  const plan = await planOf(trx, organizationId);
  const limit = PLAN_LIMITS[plan].itemsPerMonth;
  if (limit === null) return;
  if ((await itemsLoggedSince(trx, organizationId, startOfBakuMonth(bakuMonth(now)))) >= limit)
    throw new ConflictError(planLimitMessage('itemsPerMonth', plan));
}

/**
 * 409 when the organisation has as many storage places as its plan allows. Called under the
 * storage places' advisory lock (`storagePlaceNameTaken`), so two creations cannot both pass.
 * Places kept from a higher plan stay usable; only new ones are refused.
 */
export async function ensureStoragePlaceAllowed(
  trx: Knex.Transaction,
  organizationId: string,
): Promise<void> {
  const plan = await planOf(trx, organizationId);
  const limit = PLAN_LIMITS[plan].storagePlaces;
  if (limit === null) return;
  if ((await storagePlaceCount(trx, organizationId)) >= limit)
    throw new ConflictError(planLimitMessage('storagePlaces', plan));
}

/** The office's usage against its plan, for /org-admin. */
export async function usageOf(db: Knex, organizationId: string, now: Date): Promise<InventoryUsage> {
  const plan = await planOf(db, organizationId);
  const month = bakuMonth(now);
  return {
    organizationId,
    plan,
    limits: PLAN_LIMITS[plan],
    month,
    itemsThisMonth: await itemsLoggedSince(db, organizationId, startOfBakuMonth(month)),
    storagePlaces: await storagePlaceCount(db, organizationId),
  };
}
