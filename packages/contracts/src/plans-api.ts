import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParamsSchema, monthlyPriceSchema } from './organizations-api';
import {
  SUBSCRIPTION_PLAN_LABELS,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionPlan,
} from './organizations-events';

/**
 * What each plan lets an organisation do (issue 25 point 8): the product enforces these, and
 * /org-admin shows them with what is used. `null`: unlimited.
 *
 * - `staffSeats`: members (admins and staff) plus invitations still open — every account that
 *   works in the office is a seat, and an open invitation holds one (organizations service).
 * - `itemsPerMonth`: items logged in a Baku calendar month (inventory service).
 * - `storagePlaces`: how many storage places may be created (basic: one).
 * - `labels`, `reports`: whether the plan includes printable labels and reports.
 */
export interface PlanLimits {
  staffSeats: number | null;
  itemsPerMonth: number | null;
  storagePlaces: number | null;
  labels: boolean;
  reports: boolean;
}

export const PLAN_LIMITS: Record<SubscriptionPlan, PlanLimits> = {
  basic: { staffSeats: 3, itemsPerMonth: 300, storagePlaces: 1, labels: false, reports: false },
  pro: { staffSeats: 15, itemsPerMonth: 3000, storagePlaces: null, labels: true, reports: true },
  enterprise: { staffSeats: null, itemsPerMonth: null, storagePlaces: null, labels: true, reports: true },
};

/** The plan an organisation has until its own subscription says otherwise (the approval's default). */
export const FALLBACK_PLAN: SubscriptionPlan = 'basic';

export type PlanLimit = keyof PlanLimits;

/** The cheapest plan above `plan` that lifts `limit` (enterprise lifts every count). */
export function planThatLifts(limit: PlanLimit, plan: SubscriptionPlan): SubscriptionPlan {
  const above = SUBSCRIPTION_PLANS.slice(SUBSCRIPTION_PLANS.indexOf(plan) + 1);
  return (
    above.find((p) => {
      const value = PLAN_LIMITS[p][limit];
      const current = PLAN_LIMITS[plan][limit];
      return typeof value === 'boolean'
        ? value
        : value === null || (current !== null && value > (current as number));
    }) ?? 'enterprise'
  );
}

/**
 * The refusal over a limit: it names the limit, the current plan and the plan that lifts it.
 * Every one starts with `PLAN_LIMIT_MESSAGE_START`, so the web recognises a plan refusal.
 */
export const PLAN_LIMIT_MESSAGE_START = 'Planın limiti:';

export function planLimitMessage(limit: PlanLimit, plan: SubscriptionPlan): string {
  const current = SUBSCRIPTION_PLAN_LABELS[plan];
  const next = SUBSCRIPTION_PLAN_LABELS[planThatLifts(limit, plan)];
  const value = PLAN_LIMITS[plan][limit];
  const what: Record<PlanLimit, string> = {
    staffSeats: `${current} planında ən çox ${value} heyət yeri var (adminlər, əməkdaşlar və açıq dəvətlər)`,
    itemsPerMonth: `${current} planında ayda ən çox ${value} əşya qeydə alınır (Bakı vaxtı ilə təqvim ayı)`,
    storagePlaces: `${current} planında yalnız ${value} saxlama yeri olur`,
    labels: `${current} planına etiket çapı daxil deyil`,
    reports: `${current} planına hesabatlar daxil deyil`,
  };
  return `${PLAN_LIMIT_MESSAGE_START} ${what[limit]}. Limiti ${next} planı qaldırır — super adminlə əlaqə saxlayın.`;
}

/** Every refusal over a limit the product can give (enterprise has none), for the web's translations. */
export const PLAN_LIMIT_MESSAGES = {
  staffSeatsBasic: planLimitMessage('staffSeats', 'basic'),
  staffSeatsPro: planLimitMessage('staffSeats', 'pro'),
  itemsPerMonthBasic: planLimitMessage('itemsPerMonth', 'basic'),
  itemsPerMonthPro: planLimitMessage('itemsPerMonth', 'pro'),
  storagePlacesBasic: planLimitMessage('storagePlaces', 'basic'),
  labelsBasic: planLimitMessage('labels', 'basic'),
  reportsBasic: planLimitMessage('reports', 'basic'),
} as const;

export const PLAN_MESSAGES = {
  plan: 'Planı seçin: basic, pro və ya enterprise',
  noSubscription: 'Təşkilatın abunəsi yoxdur',
} as const;

export const changePlanRequestSchema = z.object({
  plan: z.enum(SUBSCRIPTION_PLANS, { error: PLAN_MESSAGES.plan }),
  /** AZN a month, rounded to the cent (as on approval); absent: the plan's price. */
  monthlyPrice: monthlyPriceSchema.optional(),
});
export type ChangePlanRequest = z.infer<typeof changePlanRequestSchema>;

const limitsSchema = z.object({
  staffSeats: z.number().int().nullable(),
  itemsPerMonth: z.number().int().nullable(),
  storagePlaces: z.number().int().nullable(),
  labels: z.boolean(),
  reports: z.boolean(),
});

/** An organisation's plan and its staff seats (organizations service). */
export const organizationPlanSchema = z.object({
  organizationId: z.uuid(),
  plan: z.enum(SUBSCRIPTION_PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  monthlyPrice: z.number(),
  limits: limitsSchema,
  /** Members (admins and staff) and open invitations: together the seats used. */
  seats: z.object({ members: z.number().int(), openInvitations: z.number().int(), used: z.number().int() }),
});
export type OrganizationPlan = z.infer<typeof organizationPlanSchema>;

/** The office's usage against its plan (inventory service, its own copy of the plan). */
export const inventoryUsageSchema = z.object({
  organizationId: z.uuid(),
  plan: z.enum(SUBSCRIPTION_PLANS),
  limits: limitsSchema,
  /** The Baku calendar month counted, `YYYY-MM`. */
  month: z.string(),
  itemsThisMonth: z.number().int(),
  storagePlaces: z.number().int(),
});
export type InventoryUsage = z.infer<typeof inventoryUsageSchema>;

/** The plan endpoints of the organizations service (its prefix `/api/organizations`). */
export const PLAN_ENDPOINTS = {
  getOrganizationPlan: endpoint({
    method: 'get',
    path: '/api/organizations/:id/plan',
    summary: 'Təşkilatın planı, limitləri və istifadə olunan heyət yerləri',
    tag: 'organizations',
    access: ['super_admin', 'org_admin', 'org_staff'],
    params: idParamsSchema,
    response: { status: 200, schema: organizationPlanSchema },
    errors: [404, 409],
  }),
  changeOrganizationPlan: endpoint({
    method: 'put',
    path: '/api/organizations/:id/plan',
    summary: 'Təşkilatın planını dəyişmək (super admin); qiymət verilməsə planın qiyməti',
    tag: 'organizations',
    access: ['super_admin'],
    params: idParamsSchema,
    body: changePlanRequestSchema,
    response: { status: 200, schema: organizationPlanSchema },
    errors: [404, 409],
  }),
};

/** The office's usage, answered by the inventory service (its prefix `/api/organizations/:id/inventory`). */
export const INVENTORY_PLAN_ENDPOINTS = {
  inventoryUsage: endpoint({
    method: 'get',
    path: '/api/organizations/:id/inventory/usage',
    summary: 'Plan üzrə istifadə: bu ay qeydə alınan əşyalar, saxlama yerləri',
    tag: 'inventory',
    access: ['super_admin', 'org_admin', 'org_staff'],
    params: idParamsSchema,
    response: { status: 200, schema: inventoryUsageSchema },
    errors: [404],
  }),
};
