import { z } from 'zod';
import { endpoint } from './endpoint';
import { optionalTrimmedText, text } from './input-text';
import { idParamsSchema } from './organizations-api';
import { ORGANIZATION_TYPES, SUBSCRIPTION_PLANS, type SubscriptionPlan } from './organizations-events';
import { venueSlugSchema } from './venue-slug';
import { VENUE_LIST_PATH, venueListSchema, venueSummarySchema } from './venue-summary';

/**
 * Venue pages and the answer deadlines venues are held to (issue 26 points 3 and 4). The profile,
 * page and poster are the organizations service's; the overdue claims the requests service's.
 */

/** Hours within which an organisation answers a claim on its items first, by plan. */
export const ANSWER_DEADLINE_HOURS: Record<SubscriptionPlan, number> = { basic: 48, pro: 24, enterprise: 8 };

/** The scorecard looks back this many days. */
export const SCORECARD_WINDOW_DAYS = 90;

export const VENUE_MESSAGES = {
  notFound: 'Məkan tapılmadı',
  slugTaken: 'Bu ünvan artıq başqa məkanındır',
  workingHours: 'İş saatlarını düzgün daxil edin: günlər 1–7, saat SS:DD, açılış bağlanışdan əvvəl',
  pickupInstructions: 'Götürmə qaydası ən çox 500 simvol ola bilər',
  pausesDeadline: 'Cavab müddətinin iş saatlarından kənarda dayanıb-dayanmadığını seçin',
} as const;

const HOUR_TEXT = '(?:[01][0-9]|2[0-3]):[0-5][0-9]';
const hourOfDay = text(VENUE_MESSAGES.workingHours)
  .refine((s) => new RegExp(`^${HOUR_TEXT}$`).test(s), VENUE_MESSAGES.workingHours)
  .meta({ pattern: `^${HOUR_TEXT}$` });

/** The desk's working hours: Baku days (1 Monday … 7 Sunday), opening and closing time (Baku). */
export const workingHoursSchema = z
  .object(
    {
      days: z
        .array(z.number({ error: VENUE_MESSAGES.workingHours }).int().min(1).max(7), {
          error: VENUE_MESSAGES.workingHours,
        })
        .min(1, VENUE_MESSAGES.workingHours)
        .max(7, VENUE_MESSAGES.workingHours)
        .refine((days) => new Set(days).size === days.length, VENUE_MESSAGES.workingHours)
        .meta({ uniqueItems: true }),
      opensAt: hourOfDay,
      closesAt: hourOfDay,
    },
    { error: VENUE_MESSAGES.workingHours },
  )
  .refine((h) => h.opensAt < h.closesAt, { message: VENUE_MESSAGES.workingHours, path: ['closesAt'] });
export type WorkingHours = z.output<typeof workingHoursSchema>;

/** PUT /api/organizations/:id/venue: the page's address and what it shows. */
export const venueProfileRequestSchema = z.object({
  slug: venueSlugSchema,
  /** null: hours not given (the deadline's clock then always runs). */
  workingHours: workingHoursSchema.nullable(),
  /** The answer deadline's clock stops outside the working hours (needs working hours). */
  pausesDeadlineOutsideHours: z.boolean({ error: VENUE_MESSAGES.pausesDeadline }),
  pickupInstructions: optionalTrimmedText(500, VENUE_MESSAGES.pickupInstructions),
});
export type VenueProfileRequest = z.output<typeof venueProfileRequestSchema>;

const workingHoursAnswer = z.object({
  days: z.array(z.number().int()),
  opensAt: z.string(),
  closesAt: z.string(),
});

/** The venue profile as its members edit it. */
export const venueProfileSchema = z.object({
  organizationId: z.uuid(),
  slug: z.string(),
  workingHours: workingHoursAnswer.nullable(),
  pausesDeadlineOutsideHours: z.boolean(),
  pickupInstructions: z.string().nullable(),
  /** The plan's answer deadline in hours. */
  answerDeadlineHours: z.number().int(),
});
export type VenueProfile = z.infer<typeof venueProfileSchema>;

/**
 * Computed from the requests the venue was held to a deadline on, filed within the last
 * `SCORECARD_WINDOW_DAYS` days: claims on its items and owners' «is it here?» asks (venue checks).
 */
export const venueScorecardSchema = z.object({
  windowDays: z.number().int(),
  /** Claims and venue checks. */
  claims: z.number().int(),
  /** Median minutes from a request to its first answer; null without answered requests. */
  medianFirstAnswerMinutes: z.number().int().nullable(),
  /** Of the requests answered or past their deadline, those answered in time (whole per cent); null: none. */
  answeredWithinDeadlinePercent: z.number().int().min(0).max(100).nullable(),
  /** Requests past their deadline without an answer, or answered after it. */
  missedDeadlines: z.number().int(),
  /** Items handed back to their owners (the owner's code confirmed). */
  itemsReturned: z.number().int(),
});
export type VenueScorecard = z.infer<typeof venueScorecardSchema>;

/** A found item the venue lists publicly (open). */
export const venueItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  category: z.string(),
  location: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/venues/:slug — the public page. */
export const venuePageSchema = venueSummarySchema.extend({
  type: z.enum(ORGANIZATION_TYPES),
  address: z.string(),
  workingHours: workingHoursAnswer.nullable(),
  pickupInstructions: z.string().nullable(),
  /** An approved, active organisation: the "verified venue" badge. */
  verified: z.boolean(),
  plan: z.enum(SUBSCRIPTION_PLANS),
  scorecard: venueScorecardSchema,
  items: z.array(venueItemSchema),
});
export type VenuePage = z.infer<typeof venuePageSchema>;

/** `/t/:slug`'s slug; a malformed one is answered like an unknown one (404). */
export const venueSlugParamsSchema = z.object({ slug: text() });

/** The poster's file name (the QR code opens the page). */
const posterHeaders = [
  {
    name: 'Content-Disposition',
    description: '`inline; filename="tapinti-<slug>.pdf"`',
    schema: { type: 'string', pattern: '^inline; filename="[A-Za-z0-9.-]+"$' },
    required: true,
  },
] as const;

/** The organizations service's venue endpoints (prefixes `/api/venues`, `/api/organizations`). */
export const VENUE_ENDPOINTS = {
  listVenues: endpoint({
    method: 'get',
    path: VENUE_LIST_PATH,
    summary: 'Təsdiqlənmiş, aktiv məkanlar: ad, növ, səhifənin ünvanı, cavab müddəti',
    tag: 'organizations',
    access: 'public',
    response: { status: 200, schema: venueListSchema },
  }),
  getVenue: endpoint({
    method: 'get',
    path: '/api/venues/:slug',
    summary: `Məkanın ictimai səhifəsi: ünvan, iş saatları, götürmə qaydası, əşyaları və son ${SCORECARD_WINDOW_DAYS} günün göstəriciləri`,
    tag: 'organizations',
    access: 'public',
    params: venueSlugParamsSchema,
    response: { status: 200, schema: venuePageSchema },
    errors: [404],
  }),
  getVenueProfile: endpoint({
    method: 'get',
    path: '/api/organizations/:id/venue',
    summary: 'Məkan səhifəsinin parametrləri (ünvan, iş saatları, götürmə qaydası)',
    tag: 'organizations',
    access: ['super_admin', 'org_admin', 'org_staff'],
    params: idParamsSchema,
    response: { status: 200, schema: venueProfileSchema },
    errors: [404],
  }),
  updateVenueProfile: endpoint({
    method: 'put',
    path: '/api/organizations/:id/venue',
    summary: 'Məkan səhifəsini dəyişmək (təşkilatın admini və ya super admin); ünvan unikaldır',
    tag: 'organizations',
    access: ['super_admin', 'org_admin'],
    params: idParamsSchema,
    body: venueProfileRequestSchema,
    response: { status: 200, schema: venueProfileSchema },
    errors: [404, 409],
    rules: [{ field: 'workingHours.closesAt', rule: 'opensAt-dan sonra' }],
  }),
  venuePoster: endpoint({
    method: 'get',
    path: '/api/organizations/:id/venue/poster',
    summary: 'Masa üçün QR kodlu plakat (PDF): kod məkanın səhifəsini açır',
    tag: 'organizations',
    access: ['super_admin', 'org_admin', 'org_staff'],
    params: idParamsSchema,
    response: { status: 200, schema: null, contentTypes: ['application/pdf'], headers: posterHeaders },
    errors: [404],
  }),
};

/**
 * A claim, or a venue check (issue 26 point 1: `kind`), past its answer deadline without an
 * answer, for the super admin. For a venue check `requestId` is the venue check's id.
 */
export const overdueClaimSchema = z.object({
  /** Always sent. */
  kind: z.enum(['claim', 'venue-check']).optional(),
  requestId: z.uuid(),
  announcementId: z.uuid(),
  announcementTitle: z.string().nullable(),
  organizationId: z.uuid(),
  organizationName: z.string().nullable(),
  filedAt: z.string(),
  dueAt: z.string(),
  escalatedAt: z.string(),
});
export type OverdueClaim = z.infer<typeof overdueClaimSchema>;

/** The requests service's deadline endpoints. */
export const CLAIM_DEADLINE_ENDPOINTS = {
  listOverdueClaims: endpoint({
    method: 'get',
    path: '/api/requests/overdue',
    summary: 'Cavab müddəti keçmiş, cavabsız iddialar və məkan sorğuları (super admin)',
    tag: 'requests',
    access: ['super_admin'],
    response: { status: 200, schema: z.array(overdueClaimSchema) },
  }),
};
