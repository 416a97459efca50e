import { z } from 'zod';
import { COMPLAINT_TYPES } from './complaint-types';
import { endpoint } from './endpoint';
import {
  emptyOr,
  optionalQueryText,
  optionalTrimmedText,
  POSITIVE_INTEGER_TEXT,
  plainText,
  text,
  trimmedText,
  trimmedTextPattern,
  UUID_TEXT,
} from './input-text';

export const ANNOUNCEMENT_TYPES = ['lost', 'found'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export const CATEGORIES = ['phones', 'bags', 'keys', 'documents', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];
/** `resolved`: a claim on it was resolved_claimed, the item went back (out of the public list). */
export const ANNOUNCEMENT_STATUSES = ['open', 'archived', 'resolved'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
/**
 * Why a `resolved` announcement is closed: `returned` (the item went back to its owner — a
 * resolved claim, or its author said so), `no_longer_needed` (its author closed it otherwise).
 */
export const CLOSE_OUTCOMES = ['returned', 'no_longer_needed'] as const;
export type CloseOutcome = (typeof CLOSE_OUTCOMES)[number];
/**
 * Moderation (issue 15): `approved` is listed; `pending_review` (it matched a risk pattern, or
 * enough users reported it) and `hidden` (by a super admin, with a reason) are seen only by their
 * author and super admins.
 */
export const MODERATION_STATUSES = ['approved', 'pending_review', 'hidden'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const MAX_PHOTO_BYTES = 10_485_760;
/** What one user's uploads not yet normalised may hold or still receive (each open upload URL counts a whole photo). */
export const MAX_PENDING_UPLOAD_BYTES = 20 * 1024 * 1024;
export const OBJECT_PATH = /^\/objects\/[A-Za-z0-9-]{8,64}$/;
/** Issue 22: an announcement shows up to this many photos; the first is its cover (`imageUrl`). */
export const MAX_PHOTOS = 5;
export const PHOTO_LIST_MESSAGES = {
  invalid: 'Şəkil ünvanı yanlışdır',
  tooMany: `Ən çox ${MAX_PHOTOS} şəkil əlavə etmək olar`,
  duplicate: 'Eyni şəkil bir dəfədən çox əlavə edilə bilməz',
} as const;

/**
 * Photos as a request lists them: `/objects/<id>` paths normalize-path gave, in order, at most
 * `MAX_PHOTOS`, none twice (announcements, and the items a venue logs into its register).
 */
export const photoPathsSchema = z
  .array(text(PHOTO_LIST_MESSAGES.invalid).regex(OBJECT_PATH, PHOTO_LIST_MESSAGES.invalid), {
    error: PHOTO_LIST_MESSAGES.invalid,
  })
  .max(MAX_PHOTOS, PHOTO_LIST_MESSAGES.tooMany)
  .refine((urls) => new Set(urls).size === urls.length, PHOTO_LIST_MESSAGES.duplicate)
  .meta({ uniqueItems: true });

const rewardMessage = 'Mükafat məbləği müsbət olmalıdır';
const rewardTooLarge = 'Mükafat məbləği 1 000 000 AZN-dən çox ola bilməz';
const rewardNotWhole = 'Mükafat məbləği tam ədəd olmalıdır';
const rewardOnFound = 'Mükafat yalnız itirilmiş əşya elanlarına əlavə edilə bilər';
export const MAX_REWARD_AMOUNT = 1_000_000;

const rewardNumber = z
  .number({ error: rewardMessage })
  .min(0, rewardMessage)
  .max(MAX_REWARD_AMOUNT, rewardTooLarge)
  .int(rewardNotWhole);

/** The reward as the API takes it: whole AZN; absent or null means no reward (0). */
const rewardAmountSchema = rewardNumber
  .nullable()
  .optional()
  .transform((v) => v ?? 0);

/** The form's reward: the text of a number input (comma or point); empty means no reward. */
const formRewardAmountSchema = z.preprocess(
  (v) =>
    v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v.replace(',', '.')) : v,
  rewardNumber,
);

/** A found item's security questions: at most this many (shared with the requests contracts). */
export const MAX_SECURITY_QUESTIONS = 3;

export const SECURITY_QUESTION_MESSAGES = {
  question: 'Sual ən azı 5 simvol olmalıdır',
  questionTooLong: 'Sual ən çox 200 simvol ola bilər',
  answerTooLong: 'Cavab ən çox 300 simvol ola bilər',
  tooMany: `Ən çox ${MAX_SECURITY_QUESTIONS} təhlükəsizlik sualı əlavə etmək olar`,
  onlyFound: 'Təhlükəsizlik sualları yalnız tapılmış əşya elanlarına əlavə edilə bilər',
  notManager: 'Təhlükəsizlik suallarını yalnız elanın müəllifi və ya təşkilatın adminləri dəyişə bilər',
  closed: 'Bağlanmış elanın təhlükəsizlik suallarını dəyişmək olmaz',
} as const;

/**
 * One security question of a found item: what a claimant must answer, and optionally the answer
 * the author expects (kept out of events, shown only to the author and the handlers).
 */
export const securityQuestionInputSchema = z.object({
  question: trimmedText({
    min: 5,
    max: 200,
    required: SECURITY_QUESTION_MESSAGES.question,
    tooShort: SECURITY_QUESTION_MESSAGES.question,
    tooLong: SECURITY_QUESTION_MESSAGES.questionTooLong,
  }),
  expectedAnswer: optionalTrimmedText(300, SECURITY_QUESTION_MESSAGES.answerTooLong),
});
export type SecurityQuestionInput = z.infer<typeof securityQuestionInputSchema>;

export const securityQuestionsInputSchema = z
  .array(securityQuestionInputSchema, { error: SECURITY_QUESTION_MESSAGES.tooMany })
  .max(MAX_SECURITY_QUESTIONS, SECURITY_QUESTION_MESSAGES.tooMany);

const announcementFields = {
  type: z.enum(ANNOUNCEMENT_TYPES, { error: 'Elanın növünü seçin' }),
  title: trimmedText({
    min: 5,
    max: 120,
    required: 'Başlıq ən azı 5 simvol olmalıdır',
    tooShort: 'Başlıq ən azı 5 simvol olmalıdır',
    tooLong: 'Başlıq ən çox 120 simvol ola bilər',
  }),
  description: trimmedText({
    min: 20,
    max: 2000,
    required: 'Təsvir ən azı 20 simvol olmalıdır',
    tooShort: 'Təsvir ən azı 20 simvol olmalıdır',
    tooLong: 'Təsvir ən çox 2000 simvol ola bilər',
  }),
  category: z.enum(CATEGORIES, { error: 'Kateqoriyanı seçin' }),
  location: trimmedText({
    min: 3,
    max: 200,
    required: 'Yer ən azı 3 simvol olmalıdır',
    tooShort: 'Yer ən azı 3 simvol olmalıdır',
    tooLong: 'Yer ən çox 200 simvol ola bilər',
  }),
  roomNumber: optionalTrimmedText(20, 'Otaq nömrəsi ən çox 20 simvol ola bilər'),
  contactInfo: optionalTrimmedText(200, 'Əlaqə məlumatı ən çox 200 simvol ola bilər'),
  /** `/objects/<id>` that normalize-path gave this caller; empty or null: no photo. */
  imageUrl: text('Şəkil ünvanı yanlışdır')
    .regex(emptyOr(OBJECT_PATH.source.slice(1, -1)), 'Şəkil ünvanı yanlışdır')
    .nullable()
    .transform((v) => v || undefined)
    .optional(),
  /**
   * Issue 22: every photo, in order (`/objects/<id>` paths; the first is the cover). When sent
   * (null is not sent), it is the announcement's photo list and `imageUrl` is not read; a client
   * that only knows `imageUrl` changes the cover alone (see `photosOfRequest`).
   */
  imageUrls: photoPathsSchema
    .nullable()
    .transform((v) => v ?? undefined)
    .optional(),
  rewardDescription: optionalTrimmedText(500, 'Mükafat təsviri ən çox 500 simvol ola bilər'),
  organizationId: text('Təşkilat yanlışdır')
    .regex(emptyOr(UUID_TEXT), 'Təşkilat yanlışdır')
    .nullable()
    .transform((v) => v || undefined)
    .optional(),
  isPublic: z.boolean({ error: 'Elanın görünməsi bəli və ya xeyir olmalıdır' }).optional(),
  /** Found items only: up to 3 questions only the real owner can answer; null or [] for none. */
  securityQuestions: securityQuestionsInputSchema
    .nullable()
    .optional()
    .transform((v) => (v?.length ? v : undefined)),
};

/** Spec §5: only lost items carry a reward. */
function noRewardOnFound(
  v: { type: AnnouncementType; rewardAmount: number; rewardDescription?: string },
  ctx: z.RefinementCtx,
) {
  if (v.type === 'found' && (v.rewardAmount > 0 || v.rewardDescription)) {
    ctx.addIssue({ code: 'custom', path: ['rewardAmount'], message: rewardOnFound });
  }
}

/** Security questions belong to found items: a lost one names none. */
function noQuestionsOnLost(
  v: { type: AnnouncementType; securityQuestions?: SecurityQuestionInput[] },
  ctx: z.RefinementCtx,
) {
  if (v.type === 'lost' && v.securityQuestions?.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['securityQuestions'],
      message: SECURITY_QUESTION_MESSAGES.onlyFound,
    });
  }
}

/** `noQuestionsOnLost` as JSON Schema, for the OpenAPI document. */
const noQuestionsOnLostJsonSchema = {
  anyOf: [
    { properties: { type: { const: 'found' } } },
    {
      properties: {
        type: { const: 'lost' },
        securityQuestions: { anyOf: [{ type: 'null' }, { type: 'array', maxItems: 0 }] },
      },
    },
  ],
};

/** `noRewardOnFound` as JSON Schema, for the OpenAPI document. */
const noRewardOnFoundJsonSchema = {
  anyOf: [
    { properties: { type: { const: 'lost' } } },
    {
      properties: {
        type: { const: 'found' },
        rewardAmount: { anyOf: [{ const: 0 }, { type: 'null' }] },
        rewardDescription: {
          anyOf: [{ type: 'null' }, { type: 'string', pattern: trimmedTextPattern(0, 0) }],
        },
      },
    },
  ],
};

/** POST /api/announcements (spec §3 insert fields, §5 rules). */
export const createAnnouncementRequestSchema = z
  .object({ ...announcementFields, rewardAmount: rewardAmountSchema })
  .superRefine(noRewardOnFound)
  .superRefine(noQuestionsOnLost)
  .meta({ allOf: [noRewardOnFoundJsonSchema, noQuestionsOnLostJsonSchema] });
export type CreateAnnouncementRequest = z.infer<typeof createAnnouncementRequestSchema>;

/**
 * The create form: the API's rules and messages, and the reward as a number input's text. It
 * parses to the request the API takes.
 */
export const createAnnouncementSchema = z
  .object({ ...announcementFields, rewardAmount: formRewardAmountSchema })
  .superRefine(noRewardOnFound)
  .superRefine(noQuestionsOnLost);
export type CreateAnnouncementInput = z.input<typeof createAnnouncementSchema>;

/**
 * The photos a create or edit request asks for, in order: `imageUrls` when sent; otherwise (a
 * client that knows only the cover) `imageUrl` replaces the cover and keeps the other photos
 * (`current`, on edit), and no `imageUrl` means no photo.
 */
export function photosOfRequest(
  input: { imageUrl?: string; imageUrls?: string[] },
  current: readonly string[] = [],
): string[] {
  if (input.imageUrls) return input.imageUrls;
  if (!input.imageUrl) return [];
  return [input.imageUrl, ...current.slice(1).filter((url) => url !== input.imageUrl)];
}

export const ANNOUNCEMENT_LIST_DEFAULT_LIMIT = 200;
export const ANNOUNCEMENT_LIST_MAX_LIMIT = 500;
const LIMIT_MESSAGE = `Limit 1 ilə ${ANNOUNCEMENT_LIST_MAX_LIMIT} arasında tam ədəd olmalıdır`;

/**
 * Where a page of the public list starts: after the announcement posted at `createdUs`
 * (microseconds since 1970, the database's own precision) with this `id` (the list is newest
 * first, ties by id); with a search, after the ones of a better `rank` too (relevance first).
 * Sent as opaque base64url text in the `Link` header's next page.
 */
export interface ListCursor {
  /** With a search: the last one's relevance (lower is better). */
  rank?: number;
  createdUs: string;
  id: string;
}

const CURSOR_TEXT =
  /^(?:([0-9]{1,4})\.)?([0-9]{1,17}),([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
export const CURSOR_MESSAGE = 'Səhifə göstəricisi yanlışdır: siyahını əvvəldən açın';

export function encodeListCursor(cursor: ListCursor): string {
  const rank = cursor.rank === undefined ? '' : `${cursor.rank}.`;
  return btoa(`${rank}${cursor.createdUs},${cursor.id}`)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The cursor a `cursor` text names, or null when it is not one this service gave. */
export function decodeListCursor(value: string): ListCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return null;
  let decoded: string;
  try {
    decoded = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = CURSOR_TEXT.exec(decoded);
  if (!match) return null;
  const cursor: ListCursor = { createdUs: match[2]!, id: match[3]! };
  if (match[1] !== undefined) cursor.rank = Number(match[1]);
  return cursor;
}

/** A gazetteer place's id ('m-28-may', 'd-nasimi'). */
export const PLACE_ID_TEXT = '[a-z0-9][a-z0-9-]{0,59}';

export const PLACE_MESSAGES = {
  unknown: 'Belə yer tapılmadı: yeri siyahıdan seçin',
  query: 'Yerin adı ən çox 100 simvol ola bilər',
} as const;

/** The date filter's quick choices: the last 24 hours, 7 days, 30 days. */
export const POSTED_WITHIN = ['24h', '7d', '30d'] as const;
export type PostedWithin = (typeof POSTED_WITHIN)[number];
export const POSTED_WITHIN_MS: Record<PostedWithin, number> = {
  '24h': 24 * 3600 * 1000,
  '7d': 7 * 24 * 3600 * 1000,
  '30d': 30 * 24 * 3600 * 1000,
};

export const DATE_FILTER_MESSAGES = {
  posted: 'Tarix filtri 24h, 7d və ya 30d olmalıdır',
  day: 'Tarix İİİİ-AA-GG şəklində olmalıdır',
  range: 'Başlanğıc tarixi son tarixdən sonra ola bilməz',
} as const;

// Years 1900–2999: year 0 and the like are no day anyone posted on, and the database refuses some.
const DAY_TEXT = '(?:19|2[0-9])[0-9]{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])';

/** `YYYY-MM-DD` naming a day that exists (not 2026-02-30). */
function isCalendarDay(v: string): boolean {
  const at = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === v;
}

/** An optional calendar day in a query (`YYYY-MM-DD`, a real date); empty means none. */
function dayQuery(message: string) {
  return text(message)
    .regex(emptyOr(DAY_TEXT), message)
    .refine((v) => !v || isCalendarDay(v), message)
    .optional()
    .transform((v) => v || undefined);
}

/** The board's filters, home's list and the map's alike (issue 24): search, category, rewards, place, when posted. */
export const boardFilterFields = {
  search: optionalQueryText(200, {
    invalid: 'Axtarış sorğusu yanlışdır',
    tooLong: 'Axtarış sorğusu ən çox 200 simvol ola bilər',
  }),
  /** Empty and 'all' mean every category. */
  category: z
    .enum(['', 'all', ...CATEGORIES], { error: 'Kateqoriya yanlışdır' })
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v)),
  /** '1': only announcements with a reward; empty or '0': all. */
  rewards: z
    .enum(['', '0', '1'], { error: 'Mükafat filtri 0 və ya 1 olmalıdır' })
    .optional()
    .transform((v) => v === '1'),
  /** A gazetteer place's id (`GET /api/announcements/places`): those at it or inside it (a district, a city). */
  place: text(PLACE_MESSAGES.unknown)
    .regex(emptyOr(PLACE_ID_TEXT), PLACE_MESSAGES.unknown)
    .optional()
    .transform((v) => v || undefined),
  /** Posted within the last 24 hours, 7 or 30 days; empty: any time. */
  posted: z
    .enum(['', ...POSTED_WITHIN], { error: DATE_FILTER_MESSAGES.posted })
    .optional()
    .transform((v) => v || undefined),
  /** Posted on or after this Baku calendar day (`YYYY-MM-DD`). */
  from: dayQuery(DATE_FILTER_MESSAGES.day),
  /** Posted on or before this Baku calendar day (`YYYY-MM-DD`). */
  to: dayQuery(DATE_FILTER_MESSAGES.day),
};

/** A range's end may not come before its start. */
export function rangeInOrder(query: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (query.from && query.to && query.from > query.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_FILTER_MESSAGES.range });
}

/**
 * GET /api/announcements query. `limit` (default 200): larger values are lowered to 500, the
 * most one answer carries. Newest first; the answer is one page: `cursor` (from the previous
 * answer's `Link` header) picks the next; `rewards=1` keeps only those with a reward; `place`
 * those at a place or inside it; `posted` (24h, 7d, 30d) or `from`/`to` (Baku days) when they were posted.
 */
export const listAnnouncementsQuerySchema = z
  .object({
    ...boardFilterFields,
    limit: text(LIMIT_MESSAGE)
      .regex(emptyOr(POSITIVE_INTEGER_TEXT), LIMIT_MESSAGE)
      .optional()
      .transform((v) =>
        v ? Math.min(Number(v), ANNOUNCEMENT_LIST_MAX_LIMIT) : ANNOUNCEMENT_LIST_DEFAULT_LIMIT,
      ),
    cursor: text(CURSOR_MESSAGE)
      .regex(/^[A-Za-z0-9_-]{0,200}$/, CURSOR_MESSAGE)
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const cursor = decodeListCursor(v);
        if (!cursor) ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
        return cursor ?? undefined;
      }),
  })
  .superRefine(rangeInOrder);
export type ListAnnouncementsQuery = z.infer<typeof listAnnouncementsQuerySchema>;

/** A place of the gazetteer as the API shows it: its id, kind and name in AZ, EN and RU. */
export const placeSchema = z.object({
  id: z.string(),
  /** metro, district, city, settlement, mall, university, hospital, station, airport, landmark, park, market, street */
  kind: z.string(),
  name: z.string(),
  nameEn: z.string(),
  nameRu: z.string(),
});
export type PlaceSummary = z.infer<typeof placeSchema>;

/** At most this many places are suggested for a typed name. */
export const MAX_PLACE_SUGGESTIONS = 10;

/** GET /api/announcements/places?q=: a place's name as typed (any spelling, Cyrillic, old names). */
export const placeSuggestionsQuerySchema = z.object({
  q: optionalQueryText(100, { invalid: PLACE_MESSAGES.query, tooLong: PLACE_MESSAGES.query }),
});

/** GET /api/announcements/places/:id */
export const placeParamsSchema = z.object({ id: text().meta({ pattern: `^${PLACE_ID_TEXT}$` }) });

/** An announcement in the public list: no contact details of its author. */
export const publicAnnouncementSchema = z.object({
  id: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  category: z.enum(CATEGORIES),
  roomNumber: z.string().nullable(),
  /** `/objects/<id>`, served publicly. */
  imageUrl: z.string().nullable(),
  /** `/objects/<id>/thumbnail`: the photo as a small 480×300 WebP for cards; null without a photo. */
  thumbnailUrl: z.string().nullable().optional(),
  /** Issue 22: every photo in order, the cover (`imageUrl`) first; [] without one (always sent). */
  imageUrls: z.array(z.string()).max(MAX_PHOTOS).optional(),
  /** Whole AZN; 0 = no reward. */
  rewardAmount: z.number().int().min(0),
  rewardDescription: z.string().nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  organizationId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When the item was confirmed back in its owner's hands (the owner's hand-over code); else null. */
  handedOverAt: z.iso.datetime().nullable().optional(),
  /** Issue 15: the author's e-mail is verified (the badge on the author label); always sent. */
  authorVerified: z.boolean().optional(),
  /** Issue 24: the gazetteer place its location names, when it names one (always sent; else null). */
  place: placeSchema.nullable().optional(),
});
export type PublicAnnouncement = z.infer<typeof publicAnnouncementSchema>;

/**
 * A security question as the details show it: the question to anyone about to claim the item;
 * `expectedAnswer` (null when the author recorded none) only to its author, its organisation's
 * admins and super admins — absent for everyone else.
 */
export const securityQuestionSchema = z.object({
  question: z.string(),
  expectedAnswer: z.string().nullable().optional(),
});
export type SecurityQuestion = z.infer<typeof securityQuestionSchema>;

/** Details, for signed-in users (and the author's own list): adds how to reach the author. */
export const announcementDetailsSchema = publicAnnouncementSchema.extend({
  contactInfo: z.string().nullable(),
  userId: z.string(),
  isPublic: z.boolean(),
  isActive: z.boolean(),
  /** A found item's security questions, in order (always sent; [] for none). */
  securityQuestions: z.array(securityQuestionSchema).optional(),
  /** Why a `resolved` one is closed (always sent; null while it is open or archived). */
  outcome: z.enum(CLOSE_OUTCOMES).nullable().optional(),
  /** Its moderation state (always sent): only `approved` ones are shown to other users. */
  moderationStatus: z.enum(MODERATION_STATUSES).optional(),
  /** Why it is held or hidden, in Azerbaijani (null when approved). */
  moderationReason: z.string().nullable().optional(),
});
export type AnnouncementDetails = z.infer<typeof announcementDetailsSchema>;

/**
 * GET /api/announcements/:id: an announcement's uuid (either case). Any other text is read too,
 * and answered 404 like an unknown id.
 */
export const announcementParamsSchema = z.object({
  id: text().meta({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  }),
});

/** The header of a list answer with the number of announcements its filters match. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/**
 * Sent (`true`) when the list's total was counted only up to `LIST_TOTAL_CAP`: `X-Total-Count`
 * then says "at least this many" ('1 000+ elan tapıldı'). Searches and date filters are counted
 * so (their matches cannot be kept as counts, and counting all of a common word's cost more than its
 * page); the list, a category, rewards and a place are counted exactly.
 */
export const TOTAL_COUNT_CAPPED_HEADER = 'X-Total-Count-Capped';
/** How far a date filter's matches are counted. */
export const LIST_TOTAL_CAP = 1_000;
/** How far a search's matches are counted ('500+'): each is read, so a common word's cost grows with it. */
export const SEARCH_TOTAL_CAP = 500;

/** Reward statistics of every public, active, open announcement with a reward (whole AZN). */
export const rewardStatsSchema = z.object({
  count: z.number().int().min(0),
  total: z.number().int().min(0),
  average: z.number().int().min(0),
});
export type RewardStats = z.infer<typeof rewardStatsSchema>;

/** One URL of `sitemap.xml` (the sitemaps protocol allows 50 000). */
export const SITEMAP_MAX_ENTRIES = 50_000;
export const sitemapEntrySchema = z.object({ id: z.string(), lastModified: z.string() });
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;

/** At most this many matches are shown for one announcement. */
export const MAX_ANNOUNCEMENT_MATCHES = 10;

export const MATCH_MESSAGES = {
  notManager: 'Uyğun elanları yalnız elanın müəllifi və ya təşkilatın adminləri görə bilər',
} as const;

/**
 * A match of an announcement: an open, active, public announcement of the other type, how alike
 * they are (0..1) and why, in Azerbaijani ('Eyni kateqoriya', 'Oxşar yer: 28 May metrosu').
 * The public announcement only: never the candidate's contact details.
 */
export const announcementMatchSchema = z.object({
  announcement: publicAnnouncementSchema,
  score: z.number().min(0).max(1),
  reasons: z.array(z.string()),
});
export type AnnouncementMatch = z.infer<typeof announcementMatchSchema>;

/** PUT /api/announcements/:id/security-questions: the whole list ([] removes them). */
export const setSecurityQuestionsRequestSchema = z.object({
  securityQuestions: securityQuestionsInputSchema,
});
export type SetSecurityQuestionsRequest = z.infer<typeof setSecurityQuestionsRequestSchema>;

/**
 * PUT /api/announcements/:id: the whole announcement as the create form gives it (the same
 * schema and §5 rules). Security questions are replaced by the body's (absent, null or [] removes
 * them). Type and organisation cannot change (see the endpoint's rules).
 */
export const updateAnnouncementRequestSchema = createAnnouncementRequestSchema;
export type UpdateAnnouncementRequest = CreateAnnouncementRequest;

/** POST /api/announcements/:id/close */
export const closeAnnouncementRequestSchema = z.object({
  outcome: z.enum(CLOSE_OUTCOMES, { error: 'Bağlanma səbəbini seçin' }),
});
export type CloseAnnouncementRequest = z.infer<typeof closeAnnouncementRequestSchema>;

/** Refusals of editing, closing, deleting and renewing an announcement. */
export const ANNOUNCEMENT_LIFE_MESSAGES = {
  notManager: 'Bu elanı yalnız müəllifi və ya təşkilatın adminləri dəyişə bilər',
  notEditable: 'Arxivlənmiş və ya bağlanmış elanı redaktə etmək olmaz',
  typeChanged: 'Elanın növünü dəyişmək olmaz',
  organizationChanged: 'Elanın təşkilatını dəyişmək olmaz',
  alreadyClosed: 'Elan artıq bağlanıb',
  notArchived: 'Yalnız arxivlənmiş elanı yeniləmək olar',
} as const;

export const MODERATION_MESSAGES = {
  reportType: 'Şikayət növünü seçin',
  noteTooLong: 'Qeyd ən çox 500 simvol ola bilər',
  ownReport: 'Öz elanınızdan şikayət edə bilməzsiniz',
  alreadyReported: 'Bu elandan artıq şikayət etmisiniz',
  reported: 'Şikayətiniz qəbul edildi. Moderator elanı yoxlayacaq.',
  reason: 'Gizlətmə səbəbi ən azı 5 simvol olmalıdır',
  reasonTooLong: 'Gizlətmə səbəbi ən çox 500 simvol ola bilər',
  notPending: 'Elan yoxlama gözləmir',
  alreadyHidden: 'Elan artıq gizlədilib',
  notHidden: 'Yalnız gizlədilmiş elanı bərpa etmək olar',
} as const;

/** What held an announcement for review, per rule (risk patterns, and `reports`), in Azerbaijani. */
export const MODERATION_RULE_LABELS: Record<string, string> = {
  'phone-in-title': 'başlıqda telefon nömrəsi',
  'link-in-title': 'başlıqda keçid',
  'link-in-text': 'mətndə keçid',
  'money-request': 'pul göndərilməsi tələbi',
  'card-number': 'kart nömrəsi',
  'high-reward': 'yüksək mükafat məbləği',
  'reward-promise': 'mükafat mətni məbləğdən çox vəd edir',
  reports: 'istifadəçilərin şikayətləri',
};

/** The reason its author sees while it waits: `Yoxlamadadır: başlıqda keçid, kart nömrəsi`. */
export const heldReasonOf = (rules: readonly string[]): string =>
  `Yoxlamadadır: ${rules.map((r) => MODERATION_RULE_LABELS[r] ?? r).join(', ')}`;

/** POST /api/announcements/:id/report: a §3 complaint type, and optionally what is wrong. */
export const reportAnnouncementRequestSchema = z.object({
  type: z.enum(COMPLAINT_TYPES, { error: MODERATION_MESSAGES.reportType }),
  note: optionalTrimmedText(500, MODERATION_MESSAGES.noteTooLong),
});
export type ReportAnnouncementRequest = z.infer<typeof reportAnnouncementRequestSchema>;
export const reportAnnouncementResponseSchema = z.object({ message: z.string() });

/** POST /api/moderation/announcements/:id/hide */
export const hideAnnouncementRequestSchema = z.object({
  reason: trimmedText({
    min: 5,
    max: 500,
    required: MODERATION_MESSAGES.reason,
    tooShort: MODERATION_MESSAGES.reason,
    tooLong: MODERATION_MESSAGES.reasonTooLong,
  }),
});
export type HideAnnouncementRequest = z.infer<typeof hideAnnouncementRequestSchema>;

/**
 * One announcement in the super admins' moderation queue: held for review, hidden, or approved
 * with reports not yet reviewed. Reports count since its last review; notes are the reporters'
 * (never who they are).
 */
export const moderationQueueItemSchema = z.object({
  announcement: announcementDetailsSchema,
  /** Names of the risk patterns it matched when posted or edited (`reports`: users reported it). */
  rules: z.array(z.string()),
  reportCount: z.number().int().min(0),
  /** Reports by type since its last review. */
  reportTypes: z.array(z.object({ type: z.enum(COMPLAINT_TYPES), count: z.number().int().min(1) })),
  reportNotes: z.array(z.string()),
  /** When its state last changed or it was last reported. */
  updatedAt: z.iso.datetime(),
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;

export const PHOTO_MESSAGES = {
  tooLarge: 'Şəkil 10 MB-dan böyük ola bilməz',
  notImage: 'Yalnız şəkil faylları (JPEG, PNG, WebP, GIF) yükləmək olar',
  typeRequired: 'Yüklənəcək faylın növü göstərilməyib (JPEG, PNG, WebP və ya GIF)',
  notFound: 'Yüklənmiş fayl tapılmadı',
  notYours: 'Bu fayl sizə aid deyil',
  normalizeFailed: 'Şəkil URL-si işlənərkən xəta baş verdi',
  uploadLinkInvalid: 'Yükləmə linki etibarsızdır və ya vaxtı bitib',
  tooManyPixels: 'Şəklin ölçüləri çox böyükdür (ən çox 100 meqapiksel)',
  pendingLimit:
    'Yüklənib hələ işlənməmiş şəkilləriniz çoxdur (ən çox 20 MB). Bir neçə dəqiqədən sonra yenidən cəhd edin',
} as const;

/** The photo types `/objects/<id>` serves (the bytes are sniffed when normalised). */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

/** POST /api/objects/normalize-path */
export const normalizePathRequestSchema = z.object({
  uploadURL: plainText({
    min: 1,
    max: 4096,
    required: 'Yükləmə ünvanı tələb olunur',
    tooShort: 'Yükləmə ünvanı tələb olunur',
    tooLong: PHOTO_MESSAGES.normalizeFailed,
  }),
});

/**
 * POST /api/objects/upload?contentType=…: the photo type the file will be PUT with, required. The
 * upload URL holds the PUT to it (S3 signs it; the filesystem storage's token carries it), so no
 * other type can be put (issue 21); anything but a photo type is refused here.
 */
export const uploadUrlQuerySchema = z.object({
  contentType: z.enum(PHOTO_CONTENT_TYPES, {
    error: (issue) => (issue.input === undefined ? PHOTO_MESSAGES.typeRequired : PHOTO_MESSAGES.notImage),
  }),
});
export type UploadUrlQuery = z.infer<typeof uploadUrlQuerySchema>;

/** Where to PUT the file: a relative `/api/objects/uploads/<token>` (embedded) or a presigned URL. */
export const uploadUrlResponseSchema = z.object({ uploadURL: z.string().min(1) });
export const normalizedPathResponseSchema = z.object({
  normalizedPath: z.string().regex(OBJECT_PATH),
});
export const uploadReceivedResponseSchema = z.object({ ok: z.literal(true) });

/** The signed token of an upload URL (embedded mode); any other text is refused with 403. */
export const uploadTokenParamsSchema = z.object({ token: text().min(1) });
/** A photo's id (a lowercase uuid); any other text is answered 404. */
export const objectParamsSchema = z.object({
  id: text().meta({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
});

const tag = 'announcements';

/** The refusal rules of the board's filters (list and map) JSON Schema cannot state. */
export const BOARD_FILTER_RULES = [
  { field: 'place', rule: 'GET /api/announcements/places cavabındakı yerin `id`-si' },
  // The pattern cannot say which months have a 31st (or a 29 February).
  { field: 'from', rule: 'təqvimdə olan gün (2026-02-30 deyil)' },
  { field: 'to', rule: 'təqvimdə olan gün; `from`-dan əvvəl ola bilməz' },
];

/** The announcements endpoints (gateway prefix `/api/announcements`). */
export const ANNOUNCEMENT_ENDPOINTS = {
  list: endpoint({
    method: 'get',
    path: '/api/announcements',
    summary: 'İctimai, aktiv elanlar, yenidən köhnəyə: axtarış və kateqoriya ilə (əlaqə məlumatı olmadan)',
    tag,
    access: 'public',
    query: listAnnouncementsQuerySchema,
    response: {
      status: 200,
      schema: z.array(publicAnnouncementSchema),
      headers: [
        {
          name: TOTAL_COUNT_HEADER,
          description:
            'Filtrlərə uyğun elanların ümumi sayı (bütün səhifələr); `X-Total-Count-Capped: true` olduqda ən azı bu qədər (axtarışda 500, tarix filtrində 1 000)',
          schema: { type: 'string', pattern: '^[0-9]+$' },
          required: true,
        },
        {
          name: TOTAL_COUNT_CAPPED_HEADER,
          description:
            'Axtarışda və ya tarix filtrində uyğun elanlar 500-dən (axtarış) və ya 1 000-dən (tarix filtri) çox olduqda göndərilir (`true`): `X-Total-Count` ümumi sayın alt həddidir',
          schema: { type: 'string', enum: ['true'] },
          required: false,
        },
        {
          name: 'Link',
          description:
            'Növbəti səhifə: `</api/announcements?…&cursor=…>; rel="next"` (son səhifədə göndərilmir)',
          schema: { type: 'string', pattern: '^<[^>]+>; rel="next"$' },
          required: false,
        },
      ],
    },
    rules: [
      { field: 'cursor', rule: 'əvvəlki cavabın `Link` başlığındakı göstərici' },
      ...BOARD_FILTER_RULES,
    ],
  }),
  rewardStats: endpoint({
    method: 'get',
    path: '/api/announcements/reward-stats',
    summary:
      'Mükafatlı ictimai, aktiv elanların sayı, ümumi və orta mükafatı (hamısı, yalnız bir səhifə yox)',
    tag,
    access: 'public',
    response: { status: 200, schema: rewardStatsSchema },
  }),
  sitemap: endpoint({
    method: 'get',
    path: '/api/announcements/sitemap',
    summary: `Saytın xəritəsi üçün açıq ictimai elanlar (ən yenisi birinci, ən çox ${SITEMAP_MAX_ENTRIES})`,
    tag,
    access: 'public',
    response: { status: 200, schema: z.array(sitemapEntrySchema).max(SITEMAP_MAX_ENTRIES) },
  }),
  places: endpoint({
    method: 'get',
    path: '/api/announcements/places',
    summary: `Adı yazılan yerlər (rayon, metro, ticarət mərkəzi…), ən uyğunu birinci, ən çox ${MAX_PLACE_SUGGESTIONS}: hərflər, kiril və köhnə adlar axtarışdakı kimi oxunur`,
    tag,
    access: 'public',
    query: placeSuggestionsQuerySchema,
    response: { status: 200, schema: z.array(placeSchema).max(MAX_PLACE_SUGGESTIONS) },
  }),
  place: endpoint({
    method: 'get',
    path: '/api/announcements/places/:id',
    summary: 'Bir yer (filtr ünvandan açılanda adını göstərmək üçün); naməlum: 404',
    tag,
    access: 'public',
    params: placeParamsSchema,
    response: { status: 200, schema: placeSchema },
  }),
  publicDetails: endpoint({
    method: 'get',
    path: '/api/announcements/public/:id',
    summary:
      'Bir elanın ictimai məlumatı (öz səhifəsi və paylaşım önizləməsi üçün; əlaqə məlumatı olmadan); əşyası sahibinə qaytarılmış bağlı elan da (status resolved); ictimai olmayan, başqa səbəbdən bağlanmış, arxivlənmiş, silinmiş: 404',
    tag,
    access: 'public',
    params: announcementParamsSchema,
    response: { status: 200, schema: publicAnnouncementSchema },
  }),
  create: endpoint({
    method: 'post',
    path: '/api/announcements',
    summary: 'Elan yerləşdirmək (itirilmiş əşya üçün mükafatla)',
    tag,
    access: 'signed-in',
    body: createAnnouncementRequestSchema,
    response: { status: 201, schema: announcementDetailsSchema },
    errors: [403, 429],
    rules: [
      { field: 'imageUrl', rule: 'bu istifadəçinin yüklədiyi və yoxlanmış şəkil (normalize-path cavabı)' },
      {
        field: 'imageUrls',
        rule: 'hər biri bu istifadəçinin yüklədiyi və yoxlanmış şəkil (normalize-path cavabı), təkrarsız',
      },
    ],
  }),
  my: endpoint({
    method: 'get',
    path: '/api/announcements/my',
    summary: 'Daxil olmuş istifadəçinin öz elanları (arxivdəkilər də), əlaqə məlumatı ilə',
    tag,
    access: 'signed-in',
    response: { status: 200, schema: z.array(announcementDetailsSchema) },
  }),
  details: endpoint({
    method: 'get',
    path: '/api/announcements/:id',
    summary: 'Elanın təfərrüatı, əlaqə məlumatı ilə (görə bilmədiyi elan: 404)',
    tag,
    access: 'signed-in',
    params: announcementParamsSchema,
    response: { status: 200, schema: announcementDetailsSchema },
    // The gateway's limit per session: contacts are not for scraping.
    errors: [429],
  }),
  setSecurityQuestions: endpoint({
    method: 'put',
    path: '/api/announcements/:id/security-questions',
    summary:
      'Tapılmış əşya elanının təhlükəsizlik sualları (ən çox 3, gözlənilən cavablar istəyə görə): müəllif, təşkilatın adminləri, super admin',
    tag,
    access: 'signed-in',
    params: announcementParamsSchema,
    body: setSecurityQuestionsRequestSchema,
    response: { status: 200, schema: announcementDetailsSchema },
    errors: [403, 404, 409],
  }),
  update: endpoint({
    method: 'put',
    path: '/api/announcements/:id',
    summary:
      'Elanı redaktə etmək (yaratma formasının sahələri və qaydaları): müəllif, təşkilatın adminləri, super admin; arxivlənmiş və ya bağlanmış: 409',
    tag,
    access: 'signed-in',
    params: announcementParamsSchema,
    body: updateAnnouncementRequestSchema,
    response: { status: 200, schema: announcementDetailsSchema },
    errors: [403, 404, 409],
    rules: [
      { field: 'type', rule: 'elanın növü dəyişmir (yaradılandakı ilə eyni olmalıdır)' },
      { field: 'organizationId', rule: 'boş və ya elanın öz təşkilatı (təşkilat dəyişmir)' },
      {
        field: 'imageUrl',
        rule: 'elanın indiki şəkli və ya bu istifadəçinin yüklədiyi və yoxlanmış şəkil (normalize-path cavabı)',
      },
      {
        field: 'imageUrls',
        rule: 'hər biri elanın indiki şəkli və ya bu istifadəçinin yüklədiyi və yoxlanmış şəkil, təkrarsız',
      },
    ],
  }),
  close: endpoint({
    method: 'post',
    path: '/api/announcements/:id/close',
    summary:
      'Elanı bağlamaq (sahibinə qaytarıldı və ya artıq lazım deyil): ictimai siyahıdan çıxır, «Elanlarım»da qalır; artıq bağlanıbsa: 409',
    tag,
    access: 'signed-in',
    params: announcementParamsSchema,
    body: closeAnnouncementRequestSchema,
    response: { status: 200, schema: announcementDetailsSchema },
    errors: [403, 404, 409],
  }),
  remove: endpoint({
    method: 'delete',
    path: '/api/announcements/:id',
    summary: 'Elanı silmək: bütün siyahılardan çıxır, şəkli silinir (yalnız audit jurnalında qalır)',
    tag,
    access: 'signed-in',
    params: announcementParamsSchema,
    response: { status: 204, schema: null },
    errors: [403, 404],
  }),
  renew: endpoint({
    method: 'post',
    path: '/api/announcements/:id/renew',
    summary: 'Arxivlənmiş elanı daha 30 gün üçün yeniləmək; arxivlənməyibsə: 409',
    tag,
    access: 'signed-in',
    params: announcementParamsSchema,
    response: { status: 200, schema: announcementDetailsSchema },
    errors: [403, 404, 409],
  }),
  report: endpoint({
    method: 'post',
    path: '/api/announcements/:id/report',
    summary:
      'Elandan şikayət etmək (§3 şikayət növü, qeyd istəyə görə): moderasiya növbəsinə düşür; 3 fərqli istifadəçinin şikayəti onu yoxlanılana qədər gizlədir. Öz elanı: 403, təkrar şikayət: 409',
    tag,
    access: 'signed-in',
    params: announcementParamsSchema,
    body: reportAnnouncementRequestSchema,
    response: { status: 201, schema: reportAnnouncementResponseSchema },
    errors: [403, 404, 409],
  }),
  matches: endpoint({
    method: 'get',
    path: '/api/announcements/:id/matches',
    summary:
      'Elana uyğun gələn əks növlü elanlar (ən çox 10, ən oxşarı birinci, səbəbləri ilə; əlaqə məlumatı olmadan): müəllif, təşkilatın adminləri, super admin',
    tag,
    access: 'signed-in',
    params: announcementParamsSchema,
    response: {
      status: 200,
      schema: z.array(announcementMatchSchema).max(MAX_ANNOUNCEMENT_MATCHES),
    },
    errors: [403, 404],
  }),
};

const moderationTag = 'moderation';

/** The super admins' moderation queue (gateway prefix `/api/moderation`, answered by announcements). */
export const MODERATION_ENDPOINTS = {
  queue: endpoint({
    method: 'get',
    path: '/api/moderation/announcements',
    summary:
      'Moderasiya növbəsi: yoxlama gözləyən, gizlədilmiş və şikayət edilmiş elanlar (şikayətlərin sayı və növləri ilə)',
    tag: moderationTag,
    access: ['super_admin'],
    response: { status: 200, schema: z.array(moderationQueueItemSchema) },
  }),
  approve: endpoint({
    method: 'post',
    path: '/api/moderation/announcements/:id/approve',
    summary:
      'Elanı təsdiqləmək: yoxlama gözləyən elan dərc olunur, şikayətlər baxılmış sayılır; baxılacaq heç nə yoxdursa: 409',
    tag: moderationTag,
    access: ['super_admin'],
    params: announcementParamsSchema,
    response: { status: 200, schema: moderationQueueItemSchema },
    errors: [404, 409],
  }),
  hide: endpoint({
    method: 'post',
    path: '/api/moderation/announcements/:id/hide',
    summary: 'Elanı səbəb göstərərək gizlətmək: bütün ictimai siyahılardan çıxır; artıq gizlədilibsə: 409',
    tag: moderationTag,
    access: ['super_admin'],
    params: announcementParamsSchema,
    body: hideAnnouncementRequestSchema,
    response: { status: 200, schema: moderationQueueItemSchema },
    errors: [404, 409],
  }),
  restore: endpoint({
    method: 'post',
    path: '/api/moderation/announcements/:id/restore',
    summary: 'Gizlədilmiş elanı bərpa etmək (yenidən görünür); gizlədilməyibsə: 409',
    tag: moderationTag,
    access: ['super_admin'],
    params: announcementParamsSchema,
    response: { status: 200, schema: moderationQueueItemSchema },
    errors: [404, 409],
  }),
};

/**
 * Photos (gateway prefixes `/api/objects`, `/objects`): an upload URL, the bytes PUT there, then
 * normalize-path checks them and `/objects/<id>` serves them publicly.
 */
export const PHOTO_ENDPOINTS = {
  uploadUrl: endpoint({
    method: 'post',
    path: '/api/objects/upload',
    summary:
      'Şəkil yükləmək üçün ünvan (15 dəqiqə etibarlı; saatda ən çox 60; işlənməmiş yükləmələr ən çox 20 MB, vaxtı bitəndə silinir)',
    tag,
    access: 'signed-in',
    query: uploadUrlQuerySchema,
    response: { status: 200, schema: uploadUrlResponseSchema },
    errors: [429],
  }),
  receiveUpload: endpoint({
    method: 'put',
    path: '/api/objects/uploads/:token',
    summary: 'Şəklin baytları (daxili rejim: imzalı yükləmə ünvanı; S3 rejimində yoxdur)',
    tag,
    access: 'public',
    params: uploadTokenParamsSchema,
    rawBody: {
      contentTypes: PHOTO_CONTENT_TYPES,
      maxBytes: MAX_PHOTO_BYTES,
    },
    response: { status: 200, schema: uploadReceivedResponseSchema },
    errors: [403, 404, 413, 415],
  }),
  normalizePath: endpoint({
    method: 'post',
    path: '/api/objects/normalize-path',
    summary: 'Yüklənmiş faylı yoxlamaq (sahib, ölçü, şəkil növü) və `/objects/<id>` ünvanını almaq',
    tag,
    access: 'signed-in',
    body: normalizePathRequestSchema,
    response: { status: 200, schema: normalizedPathResponseSchema },
    errors: [403, 404, 413],
    rules: [
      {
        field: 'uploadURL',
        rule: 'bu xidmətin verdiyi yükləmə ünvanı (və ya /objects/<id>); fayl artıq yüklənmiş, şəkil olmalı, rədd edilməmiş',
      },
    ],
  }),
  photo: endpoint({
    method: 'get',
    path: '/objects/:id',
    summary: 'Şəkil (ictimai, dəyişməz: ETag ilə 304)',
    tag,
    access: 'public',
    params: objectParamsSchema,
    response: { status: 200, schema: null, contentTypes: PHOTO_CONTENT_TYPES },
    otherResponses: [{ status: 304, description: 'If-None-Match ilə: dəyişməyib' }],
  }),
  thumbnail: endpoint({
    method: 'get',
    path: '/objects/:id/thumbnail',
    summary: 'Şəklin kiçik WebP nüsxəsi (480×300, kartlar üçün; ictimai, dəyişməz: ETag ilə 304)',
    tag,
    access: 'public',
    params: objectParamsSchema,
    response: { status: 200, schema: null, contentTypes: ['image/webp'] },
    otherResponses: [{ status: 304, description: 'If-None-Match ilə: dəyişməyib' }],
  }),
  medium: endpoint({
    method: 'get',
    path: '/objects/:id/medium',
    summary:
      'Şəklin ekran ölçülü WebP nüsxəsi (eni ən çoxu 960 piksel, elan səhifəsi üçün; ictimai, dəyişməz: ETag ilə 304)',
    tag,
    access: 'public',
    params: objectParamsSchema,
    response: { status: 200, schema: null, contentTypes: ['image/webp'] },
    otherResponses: [{ status: 304, description: 'If-None-Match ilə: dəyişməyib' }],
  }),
};
