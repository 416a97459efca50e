import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, CATEGORIES, PLACE_ID_TEXT, PLACE_MESSAGES } from './announcements-api';
import { emailSchema } from './auth-api';
import { endpoint } from './endpoint';
import { emptyOr, optionalTrimmedText, text } from './input-text';

/**
 * Saved searches and their alerts (issue 26 point 5), answered by the notifications service: anyone
 * saves the home page's filters (text, category, place, rewards only; a type for "found items like
 * my lost one") and is told in the app and by e-mail when a new announcement matches. A visitor
 * without an account gives an address and confirms it by a signed link first (double opt-in).
 */

export const SAVED_SEARCH_FREQUENCIES = ['hourly', 'daily'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** How many saved searches one account or one address may keep. */
export const MAX_SAVED_SEARCHES = 10;
/** How long the confirmation link of an address is valid. */
export const SAVED_SEARCH_CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;
/** The web page the confirmation e-mail links to (the token is added as `?token=`). */
export const SAVED_SEARCH_CONFIRM_PATH = '/axtaris-bildirisi/tesdiq';

export const SAVED_SEARCH_MESSAGES = {
  emailRequired: 'Bildiriş almaq üçün e-poçt ünvanınızı yazın',
  empty: 'Axtarışı saxlamaq üçün mətn yazın və ya filtr seçin',
  searchTooLong: 'Axtarış sorğusu ən çox 200 simvol ola bilər',
  category: 'Kateqoriya yanlışdır',
  type: 'Elan növü lost və ya found olmalıdır',
  rewards: 'Mükafat filtri true və ya false olmalıdır',
  frequency: 'Tezlik hourly (saatda ən çox bir) və ya daily (gündəlik xülasə) olmalıdır',
  notFound: 'Saxlanmış axtarış tapılmadı',
  id: 'Saxlanmış axtarışın identifikatoru yanlışdır',
  tooMany: `Ən çox ${MAX_SAVED_SEARCHES} axtarış saxlaya bilərsiniz: əvvəlcə birini silin`,
  tokenInvalid: 'Təsdiq linki yanlışdır və ya vaxtı keçib',
} as const;

const frequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, { error: SAVED_SEARCH_MESSAGES.frequency });

/** POST /api/notifications/saved-searches: the home filters, how often to e-mail, and (visitors) the address. */
export const createSavedSearchSchema = z.object({
  search: optionalTrimmedText(200, SAVED_SEARCH_MESSAGES.searchTooLong),
  category: z.enum(CATEGORIES, { error: SAVED_SEARCH_MESSAGES.category }).nullable().optional(),
  /** A gazetteer place's id (`GET /api/announcements/places`). */
  place: text(PLACE_MESSAGES.unknown)
    .regex(emptyOr(PLACE_ID_TEXT), PLACE_MESSAGES.unknown)
    .nullable()
    .optional()
    .transform((v) => v || undefined),
  rewards: z.boolean({ error: SAVED_SEARCH_MESSAGES.rewards }).optional(),
  /** Only lost or only found announcements ("alert me about new found items like this"). */
  type: z.enum(ANNOUNCEMENT_TYPES, { error: SAVED_SEARCH_MESSAGES.type }).nullable().optional(),
  frequency: frequencySchema.optional(),
  /** A visitor's address (double opt-in); a signed-in caller's alerts go to their account's. */
  email: emailSchema.optional(),
});
export type CreateSavedSearch = z.infer<typeof createSavedSearchSchema>;
/** What a client sends (before the schema's transforms). */
export type CreateSavedSearchRequest = z.input<typeof createSavedSearchSchema>;

/** PUT /api/notifications/saved-searches/:id: switch between hourly e-mails and the daily digest. */
export const updateSavedSearchSchema = z.object({ frequency: frequencySchema });
export type UpdateSavedSearch = z.infer<typeof updateSavedSearchSchema>;

export const savedSearchParamsSchema = z.object({
  id: z.uuid({ error: SAVED_SEARCH_MESSAGES.id }).transform((v) => v.toLowerCase()),
});

/** POST /api/notifications/saved-searches/confirm: the token of the confirmation e-mail's link. */
export const confirmSavedSearchSchema = z.object({
  token: text(SAVED_SEARCH_MESSAGES.tokenInvalid).regex(
    /^[0-9a-f-]{36}\.[0-9]{1,15}\.[A-Za-z0-9_-]{43}$/,
    SAVED_SEARCH_MESSAGES.tokenInvalid,
  ),
});

/** A saved search as its owner sees it (never the address). */
export const savedSearchSchema = z.object({
  id: z.uuid(),
  search: z.string().nullable(),
  category: z.enum(CATEGORIES).nullable(),
  place: z.string().nullable(),
  rewards: z.boolean(),
  type: z.enum(ANNOUNCEMENT_TYPES).nullable(),
  frequency: frequencySchema,
  /** False until a visitor's address is confirmed; nothing is sent before. */
  confirmed: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({ items: z.array(savedSearchSchema) });
export const savedSearchConfirmedSchema = z.object({ confirmed: z.number().int().min(0) });

const tag = 'notifications';

export const SAVED_SEARCH_ENDPOINTS = {
  create: endpoint({
    method: 'post',
    path: '/api/notifications/saved-searches',
    summary:
      'Axtarışı saxlamaq: yeni uyğun elan olanda tətbiqdə və e-poçtla bildiriş (qonaq: e-poçt ünvanı, əvvəlcə linklə təsdiq)',
    tag,
    access: 'public',
    body: createSavedSearchSchema,
    response: { status: 201, schema: savedSearchSchema },
    errors: [409],
    rules: [
      { field: 'email', rule: 'required without a session (a signed-in caller’s is the account’s)' },
      { field: 'search', rule: 'a text or at least one filter (category, place, rewards, type)' },
      { field: 'place', rule: 'the `id` of a place in GET /api/announcements/places' },
    ],
  }),
  list: endpoint({
    method: 'get',
    path: '/api/notifications/saved-searches',
    summary: 'Saxladığım axtarışlar',
    tag,
    access: 'signed-in',
    response: { status: 200, schema: savedSearchListSchema },
  }),
  update: endpoint({
    method: 'put',
    path: '/api/notifications/saved-searches/:id',
    summary: 'Saxlanmış axtarışın e-poçt tezliyi: saatda ən çox bir və ya gündəlik xülasə (başqasınınkı 404)',
    tag,
    access: 'signed-in',
    params: savedSearchParamsSchema,
    body: updateSavedSearchSchema,
    response: { status: 200, schema: savedSearchSchema },
    errors: [404],
  }),
  remove: endpoint({
    method: 'delete',
    path: '/api/notifications/saved-searches/:id',
    summary: 'Saxlanmış axtarışı silmək (başqasınınkı 404)',
    tag,
    access: 'signed-in',
    params: savedSearchParamsSchema,
    response: { status: 204, schema: null },
    errors: [404],
  }),
  confirm: endpoint({
    method: 'post',
    path: '/api/notifications/saved-searches/confirm',
    summary: 'Qonağın e-poçt ünvanını təsdiq linki ilə təsdiqləmək: bu ünvanın axtarışları aktiv olur',
    tag,
    access: 'public',
    body: confirmSavedSearchSchema,
    response: { status: 200, schema: savedSearchConfirmedSchema },
    rules: [{ field: 'token', rule: 'a confirmation link this platform signed, not expired' }],
  }),
};
