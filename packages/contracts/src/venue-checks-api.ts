import { z } from 'zod';
import {
  announcementMatchSchema,
  announcementParamsSchema,
  publicAnnouncementSchema,
} from './announcements-api';
import { endpoint } from './endpoint';
import { text } from './input-text';

/*
 * "Ask the venues" (issue 26 point 1): the owner of an open lost announcement asks venues
 * (approved, active organisations) to check whether they hold the item. Each asked venue's admins
 * and staff see the request in their inbox (opening it marks it seen) with the venue's own
 * matching found items, and answer "not here" or "found it" (one of their found items: a claim is
 * filed for the owner on it, so the claim's conversation follows). The requests service keeps the
 * venue checks (`requests.venue-check.*`, venue-checks-events.ts); the announcements service
 * serves the lost post and the venue's candidates to the asked venue.
 */

/** At most this many venues per announcement, over all its asks. */
export const MAX_VENUES_PER_ANNOUNCEMENT = 10;

/**
 * Rate limits (beyond the spec), so nobody spams venues: the requests service takes other values
 * from VENUE_CHECKS_MAX_PER_USER_PER_DAY, VENUE_CHECKS_MAX_PER_USER_VENUE_PER_WEEK and
 * VENUE_CHECKS_MAX_PER_VENUE_PER_DAY. Each is a 429 with `Retry-After`.
 */
export const VENUE_CHECK_LIMITS = {
  /** Venues one user may ask within any 24 hours (over all their announcements). */
  maxPerUserPerDay: 20,
  /** Times one user may ask the same venue within any 7 days (over all their announcements). */
  maxPerUserVenuePerWeek: 3,
  /** Asks one venue may receive within any 24 hours (from everyone). */
  maxPerVenuePerDay: 100,
} as const;
export interface VenueCheckLimits {
  maxPerUserPerDay: number;
  maxPerUserVenuePerWeek: number;
  maxPerVenuePerDay: number;
}

export const VENUE_CHECK_LIMIT_MESSAGES = {
  perUserPerDay: 'Bir gün ərzində ən çox {max} məkandan soruşmaq olar. Bir az sonra yenidən cəhd edin',
  perUserVenuePerWeek: 'Eyni məkandan bir həftə ərzində ən çox {max} dəfə soruşmaq olar',
  perVenuePerDay: 'Bu məkan bu gün çox sorğu alıb. Bir az sonra yenidən cəhd edin',
} as const;

export const VENUE_CHECK_MESSAGES = {
  announcementRequired: 'Məkanlardan soruşulacaq elanı seçin',
  announcementNotFound: 'Elan tapılmadı',
  venuesRequired: 'Ən azı bir məkan seçin',
  venueId: 'Məkanın identifikatoru yanlışdır',
  venuesDuplicate: 'Hər məkanı bir dəfə seçin',
  tooManyVenues: `Bir elan üçün ən çox ${MAX_VENUES_PER_ANNOUNCEMENT} məkandan soruşmaq olar`,
  venuesLeft: `Bir elan üçün ən çox ${MAX_VENUES_PER_ANNOUNCEMENT} məkandan soruşmaq olar. Bu elan üçün qalan: {left}`,
  notOwner: 'Məkanlardan yalnız elanın sahibi soruşa bilər',
  notLost: 'Məkanlardan yalnız itirilmiş əşya elanı üçün soruşmaq olar',
  announcementClosed: 'Bu elan aktiv deyil: onun üçün məkanlardan soruşmaq olmaz',
  venueNotFound: 'Məkan tapılmadı və ya aktiv deyil',
  alreadyAsked: 'Bu elan üçün seçilən məkandan artıq soruşmusunuz',
  venueCheckId: 'Məkan sorğusunun identifikatoru yanlışdır',
  notFound: 'Məkan sorğusu tapılmadı',
  organizationId: 'Təşkilat identifikatoru yanlışdır',
  organizationForbidden: 'Bu məkanın sorğularına yalnız onun admini və əməkdaşları baxa bilər',
  notStaff: 'Bu sorğunu yalnız soruşulan məkanın admini və əməkdaşları cavablandıra bilər',
  alreadyAnswered: 'Bu sorğu artıq cavablandırılıb',
  answerRequired: 'Cavabı seçin: «Burada yoxdur» və ya «Tapdıq»',
  itemRequired: 'Tapılan əşyanın elanını seçin',
  itemInvalid: 'Seçilən əşya bu məkanın açıq «tapılıb» elanı deyil',
  itemClaimed: 'Bu elana artıq sahibin sorğusu var',
  notOwnerOfChecks: 'Bu elanın məkan sorğularına yalnız elanın sahibi baxa bilər',
} as const;

/** asked → seen (a member of the venue opened it) → answered. */
export const VENUE_CHECK_STATUSES = ['asked', 'seen', 'answered'] as const;
export type VenueCheckStatus = (typeof VENUE_CHECK_STATUSES)[number];

/** `not_here` («Burada yoxdur»); `found` («Tapdıq»: one of the venue's found items, claimed for the owner). */
export const VENUE_CHECK_ANSWERS = ['not_here', 'found'] as const;
export type VenueCheckAnswer = (typeof VENUE_CHECK_ANSWERS)[number];

const uuidText = (message: string) => z.uuid({ error: message }).transform((v) => v.toLowerCase());

/** POST /api/venue-checks: ask these venues about this lost announcement. */
export const askVenuesRequestSchema = z.object({
  announcementId: uuidText(VENUE_CHECK_MESSAGES.announcementRequired),
  organizationIds: z
    .array(uuidText(VENUE_CHECK_MESSAGES.venueId), { error: VENUE_CHECK_MESSAGES.venuesRequired })
    .min(1, VENUE_CHECK_MESSAGES.venuesRequired)
    .max(MAX_VENUES_PER_ANNOUNCEMENT, VENUE_CHECK_MESSAGES.tooManyVenues)
    .refine((ids) => new Set(ids).size === ids.length, VENUE_CHECK_MESSAGES.venuesDuplicate)
    .meta({ uniqueItems: true }),
});
export type AskVenuesRequest = z.output<typeof askVenuesRequestSchema>;
export type AskVenuesInput = z.input<typeof askVenuesRequestSchema>;

/** GET /api/venue-checks?announcementId=… */
export const venueChecksQuerySchema = z.object({
  announcementId: uuidText(VENUE_CHECK_MESSAGES.announcementRequired),
});

/** POST /api/venue-checks/:id/answer: «Burada yoxdur», or «Tapdıq» with one of the venue's found items. */
export const answerVenueCheckRequestSchema = z.discriminatedUnion(
  'answer',
  [
    z.object({ answer: z.literal('not_here') }),
    z.object({
      answer: z.literal('found'),
      /** The venue's own open found announcement (its id; an inventory item's listing id). */
      itemId: uuidText(VENUE_CHECK_MESSAGES.itemRequired),
    }),
  ],
  { error: VENUE_CHECK_MESSAGES.answerRequired },
);
export type AnswerVenueCheckRequest = z.output<typeof answerVenueCheckRequestSchema>;

export const venueCheckParamsSchema = z.object({ id: uuidText(VENUE_CHECK_MESSAGES.venueCheckId) });
export const venueCheckOrganizationParamsSchema = z.object({
  id: uuidText(VENUE_CHECK_MESSAGES.organizationId),
});

/** GET /api/announcements/:id/venue-checks/:organizationId — the lost post's id and the asked venue's. */
export const venueCheckCandidatesParamsSchema = announcementParamsSchema.extend({
  organizationId: text().meta({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  }),
});

const timestamp = z.iso.datetime({ offset: true });

/** The answer part of a venue check; null fields until answered. */
const answerFields = {
  status: z.enum(VENUE_CHECK_STATUSES),
  askedAt: timestamp,
  seenAt: timestamp.nullable(),
  answer: z.enum(VENUE_CHECK_ANSWERS).nullable(),
  answeredAt: timestamp.nullable(),
  /** «Tapdıq»: the venue's found announcement it linked. */
  itemId: z.uuid().nullable(),
  /**
   * «Tapdıq»: the claim filed for the owner on that item; its conversation has the same id
   * (`/api/conversations/:requestId`).
   */
  requestId: z.uuid().nullable(),
  /** When the venue must answer by (its plan's hours, the clock paused outside working hours if it says so). */
  dueAt: timestamp,
  /** Not answered and past `dueAt`. */
  overdue: z.boolean(),
};

/** One asked venue, as the announcement's owner sees it. */
export const ownerVenueCheckSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  /** The venue's name (null until the requests service has heard of it). */
  organizationName: z.string().nullable(),
  ...answerFields,
});
export type OwnerVenueCheck = z.infer<typeof ownerVenueCheckSchema>;

/** GET /api/venue-checks?announcementId=, and the answer of POST /api/venue-checks. */
export const announcementVenueChecksSchema = z.object({
  announcementId: z.uuid(),
  /** How many more venues may still be asked for this announcement. */
  venuesLeft: z.number().int().min(0).max(MAX_VENUES_PER_ANNOUNCEMENT),
  /** Oldest ask first. */
  checks: z.array(ownerVenueCheckSchema),
});
export type AnnouncementVenueChecks = z.infer<typeof announcementVenueChecksSchema>;

/**
 * One request in a venue's inbox: which lost post (its title here; the post and the venue's
 * candidates from `GET /api/announcements/:id/venue-checks/:organizationId`). Never the owner's
 * contact details or identity.
 */
export const venueCheckInboxItemSchema = z.object({
  id: z.uuid(),
  announcementId: z.uuid(),
  organizationId: z.uuid(),
  announcementTitle: z.string().nullable(),
  /** The lost announcement's status (`open`, `archived`, `resolved`, …). */
  announcementStatus: z.string().nullable(),
  ...answerFields,
});
export type VenueCheckInboxItem = z.infer<typeof venueCheckInboxItemSchema>;

/** What the asked venue sees of the lost post: the public announcement and its own matching found items. */
export const venueCheckCandidatesSchema = z.object({
  announcement: publicAnnouncementSchema,
  /** The venue's own open found announcements the matching engine ranks for it, best first. */
  candidates: z.array(announcementMatchSchema),
});
export type VenueCheckCandidates = z.infer<typeof venueCheckCandidatesSchema>;

const tag = 'requests';

/** The requests service's venue-check endpoints (prefixes `/api/venue-checks`, `/api/organizations/:id/venue-checks`). */
export const VENUE_CHECK_ENDPOINTS = {
  ask: endpoint({
    method: 'post',
    path: '/api/venue-checks',
    summary: `Elanın sahibi itirilmiş əşyanı məkanlardan soruşur (elan üçün cəmi ən çox ${MAX_VENUES_PER_ANNOUNCEMENT} məkan)`,
    tag,
    access: 'signed-in',
    body: askVenuesRequestSchema,
    response: { status: 201, schema: announcementVenueChecksSchema },
    errors: [403, 404, 409, 429],
    rules: [
      {
        field: 'organizationIds',
        rule: `təsdiqlənmiş, aktiv məkanlar; bu elan üçün əvvəl soruşulmamış; elan üçün cəmi ən çox ${MAX_VENUES_PER_ANNOUNCEMENT}`,
      },
    ],
  }),
  forAnnouncement: endpoint({
    method: 'get',
    path: '/api/venue-checks',
    summary:
      'Elanın soruşulan məkanları: soruşulub / baxılıb / cavablandırılıb, gecikmə (elanın sahibi, super admin)',
    tag,
    access: 'signed-in',
    query: venueChecksQuerySchema,
    response: { status: 200, schema: announcementVenueChecksSchema },
    errors: [403, 404],
  }),
  inbox: endpoint({
    method: 'get',
    path: '/api/organizations/:id/venue-checks',
    summary: 'Məkandan soruşulanlar (ən yenisi əvvəl): həmin təşkilatın admini, əməkdaşları və super admin',
    tag,
    access: ['org_admin', 'org_staff', 'super_admin'],
    params: venueCheckOrganizationParamsSchema,
    response: { status: 200, schema: z.array(venueCheckInboxItemSchema) },
  }),
  markSeen: endpoint({
    method: 'post',
    path: '/api/venue-checks/:id/seen',
    summary: 'Məkan sorğusu açıldı: baxılıb kimi qeyd olunur (soruşulan məkanın admini və əməkdaşları)',
    tag,
    access: ['org_admin', 'org_staff'],
    params: venueCheckParamsSchema,
    response: { status: 200, schema: venueCheckInboxItemSchema },
    errors: [404],
  }),
  answer: endpoint({
    method: 'post',
    path: '/api/venue-checks/:id/answer',
    summary:
      'Məkanın cavabı: «Burada yoxdur» və ya «Tapdıq» (məkanın tapılmış əşyası: sahib üçün iddia və söhbət açılır)',
    tag,
    access: ['org_admin', 'org_staff'],
    params: venueCheckParamsSchema,
    body: answerVenueCheckRequestSchema,
    response: { status: 200, schema: venueCheckInboxItemSchema },
    errors: [404, 409],
    rules: [{ field: 'itemId', rule: 'məkanın öz açıq «tapılıb» elanı' }],
  }),
};

/** The announcements service's part: the lost post and the asked venue's candidates. */
export const VENUE_CHECK_CANDIDATE_ENDPOINTS = {
  candidates: endpoint({
    method: 'get',
    path: '/api/announcements/:id/venue-checks/:organizationId',
    summary:
      'Soruşulan məkan üçün itirilmiş əşya elanı və məkanın öz uyğun tapılmış əşyaları (yalnız soruşulan məkanın admini, əməkdaşları və super admin)',
    tag: 'announcements',
    access: ['org_admin', 'org_staff', 'super_admin'],
    params: venueCheckCandidatesParamsSchema,
    response: { status: 200, schema: venueCheckCandidatesSchema },
    // 403: a member of another organisation than the path's.
    errors: [403, 404],
  }),
};
