import { z } from 'zod';
import { endpoint } from './endpoint';
import { emptyOr, POSITIVE_INTEGER_TEXT, text, UUID_TEXT } from './input-text';

/**
 * The notifications service's API: the caller's in-app inbox, e-mail preferences per type with a
 * one-click unsubscribe, and the super admin's delivery operations (spec §3 notifications, §2
 * analytics' notifications tab). Every refusal is `{ message }` in Azerbaijani.
 */

/** What a notification is about: one per trigger. */
export const NOTIFICATION_TYPES = [
  'welcome',
  'application-received',
  'application-approved',
  'application-rejected',
  'request-filed',
  'request-status-changed',
  'announcement-archive-reminder',
  'announcement-archived',
  'subscription-expiring',
  'subscription-expired',
  'announcement-match',
  'complaint-filed',
  'complaint-replied',
  'handover-code',
  'announcement-moderated',
  'email-verification',
  'password-reset',
  'organization-invitation',
  'password-changed',
  'new-device-sign-in',
  'handover-receipt',
  'inventory-disposal-digest',
  'conversation-message',
  'saved-search-alert',
  'saved-search-confirmation',
  'claim-answer-reminder',
  'claim-answer-overdue',
  'venue-check-asked',
  'venue-check-answered',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How each type is named where a user turns its e-mails off. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  welcome: 'Qeydiyyatdan sonra xoş gəldiniz məktubu',
  'application-received': 'Təşkilat müraciətinin qəbul edilməsi',
  'application-approved': 'Təşkilat müraciətinin təsdiqi',
  'application-rejected': 'Təşkilat müraciətinin rədd edilməsi',
  'request-filed': 'Elanlarınıza gələn yeni müraciətlər',
  'request-status-changed': 'Müraciətlərinizin statusunun dəyişməsi',
  'announcement-archive-reminder': 'Elan arxivləşdirilməzdən 3 gün əvvəl xatırlatma',
  'announcement-archived': 'Elanın arxivləşdirilməsi',
  'subscription-expiring': 'Abunəliyin bitməsinə 7 gün qalması',
  'subscription-expired': 'Abunəliyin bitməsi',
  'announcement-match': 'Elanlarınıza uyğun gələn yeni elanlar',
  'complaint-filed': 'Şikayətinizin qeydə alınması (şikayət nömrəsi)',
  'complaint-replied': 'Şikayətinizə cavab',
  'handover-code': 'Əşyanın təhvili üçün kod',
  'announcement-moderated': 'Elanlarınızın moderasiyası (yoxlama, gizlədilmə, bərpa)',
  'email-verification': 'E-poçt ünvanının təsdiqi (həmişə göndərilir)',
  'password-reset': 'Şifrənin bərpası (həmişə göndərilir)',
  'organization-invitation': 'Təşkilat admini olmağa dəvət (həmişə göndərilir)',
  'password-changed': 'Şifrənin dəyişdirilməsi (həmişə göndərilir)',
  'new-device-sign-in': 'Hesaba yeni cihazdan giriş (həmişə göndərilir)',
  'handover-receipt': 'Büroda təhvil qəbzi (həmişə göndərilir)',
  'inventory-disposal-digest': 'Büroda 3 gün ərzində çıxarılmalı əşyaların gündəlik siyahısı',
  'conversation-message': 'Müraciətlərin yazışmalarında yeni mesajlar',
  'saved-search-alert': 'Saxladığınız axtarışlara uyğun yeni elanlar',
  'saved-search-confirmation': 'Axtarış bildirişlərinə abunəliyin təsdiqi (həmişə göndərilir)',
  'claim-answer-reminder': 'Cavab müddətinin yarısı keçmiş iddialar (heyətə xatırlatma)',
  'claim-answer-overdue': 'Cavab müddəti keçmiş iddialar (adminlərə)',
  'venue-check-asked': 'Məkandan soruşulan itirilmiş əşyalar (heyətə)',
  'venue-check-answered': 'Məkanların soruşduğunuz əşyaya cavabları',
};

/**
 * Security e-mails (issue 15, issue 22: a changed password, a new device) and invitations: sent
 * whatever the recipient's e-mail preferences, e-mail only (no in-app copy); a link that proves
 * something is signed when the e-mail is sent, never stored.
 */
export const TRANSACTIONAL_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'email-verification',
  'password-reset',
  'organization-invitation',
  'password-changed',
  'new-device-sign-in',
  // Asked for at the desk by the owner, for their records.
  'handover-receipt',
  // Issue 26: the one e-mail an address gets before it confirms it wants saved-search alerts.
  'saved-search-confirmation',
];

/** Spec §3/§4: a notification starts pending; the analytics filter shows sent, pending, failed. */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, string> = {
  pending: 'Gözləyir',
  sent: 'Göndərilib',
  failed: 'Uğursuz',
};

/** One row per notification and channel: the in-app one is delivered when written. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'Tətbiqdaxili',
  email: 'E-poçt',
};

/** The analytics date filter (spec §2): default 30d. */
export const NOTIFICATION_RANGES = ['1d', '7d', '30d', '90d', 'all'] as const;
export type NotificationRange = (typeof NOTIFICATION_RANGES)[number];
export const NOTIFICATION_RANGE_DAYS: Record<NotificationRange, number | null> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
  all: null,
};

/** The brand and support contacts every e-mail carries (the web footer shows the same). */
export const NOTIFICATION_BRAND = {
  name: 'Tapıntı',
  supportEmail: 'destek@tapinti.az',
  supportPhone: '+994 12 555 00 00',
} as const;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Bildiriş tapılmadı',
  id: 'Bildirişin identifikatoru yanlışdır',
  retryOnlyFailed: 'Yalnız göndərilməsi uğursuz olan bildiriş yenidən növbəyə qoyula bilər',
  limit: 'Limit 1 ilə 100 arasında tam ədəd olmalıdır',
  before: 'Səhifələmə kursoru yanlışdır',
  unread: 'unread parametri true və ya false olmalıdır',
  range: 'Tarix aralığı 1d, 7d, 30d, 90d və ya all olmalıdır',
  status: 'Status pending, sent və ya failed olmalıdır',
  channel: 'Kanal in_app və ya email olmalıdır',
  preferences: 'Bildiriş parametrləri yanlışdır: hər növ üçün true və ya false göndərin',
  type: 'Bildiriş növü yanlışdır',
  unsubscribeInvalid: 'Abunəlikdən çıxma linki yanlışdır və ya natamamdır',
} as const;

export const NOTIFICATION_LIST_DEFAULT_LIMIT = 20;
export const NOTIFICATION_LIST_MAX_LIMIT = 100;

const timestamp = z.iso.datetime({ offset: true });

/** `limit`: 1 to 100 (larger values are lowered to 100, as the announcements list does); empty: 20. */
const limitParam = text(NOTIFICATION_MESSAGES.limit)
  .regex(emptyOr(POSITIVE_INTEGER_TEXT), NOTIFICATION_MESSAGES.limit)
  .optional()
  .transform((v) => (v ? Math.min(Number(v), NOTIFICATION_LIST_MAX_LIMIT) : NOTIFICATION_LIST_DEFAULT_LIMIT));

/** A page cursor (`nextBefore` of the previous page): `<created-at ms>_<id>`; empty: the first page. */
export const NOTIFICATION_CURSOR = new RegExp(`^[0-9]{1,15}_${UUID_TEXT}$`);
const beforeParam = text(NOTIFICATION_MESSAGES.before)
  .regex(emptyOr(NOTIFICATION_CURSOR.source.replace(/^\^|\$$/g, '')), NOTIFICATION_MESSAGES.before)
  .optional()
  .transform((v) => v || undefined);

const rangeParam = z
  .enum(['', ...NOTIFICATION_RANGES], { error: NOTIFICATION_MESSAGES.range })
  .optional()
  .transform((v): NotificationRange => v || '30d');
const statusParam = z
  .enum(['', 'all', ...NOTIFICATION_STATUSES], { error: NOTIFICATION_MESSAGES.status })
  .optional()
  .transform((v): NotificationStatus | undefined => (v === '' || v === 'all' ? undefined : v));
const channelParam = z
  .enum(['', ...NOTIFICATION_CHANNELS], { error: NOTIFICATION_MESSAGES.channel })
  .optional()
  .transform((v): NotificationChannel | undefined => v || undefined);

/** A notification as its recipient sees it (spec §3 fields, plus channel, link and readAt). */
export const notificationSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  type: z.enum(NOTIFICATION_TYPES),
  channel: z.enum(NOTIFICATION_CHANNELS),
  title: z.string(),
  message: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  retryCount: z.number().int().min(0),
  /** What it is about (ids, names); `link` is the page it points to. */
  data: z.record(z.string(), z.unknown()),
  /** A path of the web app (`/profile`, `/org-admin`, …), or null. */
  link: z.string().nullable(),
  readAt: timestamp.nullable(),
  sentAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type Notification = z.infer<typeof notificationSchema>;

/** What the super admin sees: also where an e-mail went and why it failed. */
export const adminNotificationSchema = notificationSchema.extend({
  /** The e-mail address (e-mail rows), null for in-app rows. */
  recipient: z.string().nullable(),
  /** The last delivery error (SMTP reply), null when none. */
  error: z.string().nullable(),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const notificationIdParamsSchema = z.object({
  id: z.uuid({ error: NOTIFICATION_MESSAGES.id }).transform((v) => v.toLowerCase()),
});

/** GET /api/notifications: the caller's in-app notifications, newest first. */
export const inboxQuerySchema = z.object({
  unread: z
    .enum(['', 'true', 'false'], { error: NOTIFICATION_MESSAGES.unread })
    .optional()
    .transform((v) => v === 'true'),
  limit: limitParam,
  before: beforeParam,
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export const readAllSchema = z.object({ updated: z.number().int().min(0) });

/** GET /api/notifications/stats (super_admin). */
export const notificationStatsQuerySchema = z.object({
  range: rangeParam,
  status: statusParam,
  channel: channelParam,
});
export type NotificationStatsQuery = z.infer<typeof notificationStatsQuerySchema>;

export const notificationStatsSchema = z.object({
  sent: z.number().int().min(0),
  pending: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type NotificationStats = z.infer<typeof notificationStatsSchema>;

/** GET /api/notifications/admin (super_admin): every recipient's rows, newest first. */
export const adminNotificationsQuerySchema = z.object({
  range: rangeParam,
  status: statusParam,
  channel: channelParam,
  limit: limitParam,
  before: beforeParam,
});
export type AdminNotificationsQuery = z.infer<typeof adminNotificationsQuerySchema>;

export const adminNotificationPageSchema = z.object({
  items: z.array(adminNotificationSchema),
  nextBefore: z.string().nullable(),
});

/** The caller's e-mail choice per type (in-app notifications are always kept). */
export const notificationPreferencesSchema = z.object({
  items: z.array(
    z.object({
      type: z.enum(NOTIFICATION_TYPES),
      label: z.string(),
      email: z.boolean(),
    }),
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/notifications/preferences: `{ email: { <type>: true|false, … } }`, the types to change. */
export const updateNotificationPreferencesSchema = z.object({
  email: z.strictObject(
    Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [
        type,
        z.boolean({ error: NOTIFICATION_MESSAGES.preferences }).optional(),
      ]),
    ) as Record<NotificationType, z.ZodOptional<z.ZodBoolean>>,
    { error: NOTIFICATION_MESSAGES.type },
  ),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/**
 * The web page an e-mail's unsubscribe link opens (the token added as `?token=`): it names the type in
 * the reader's language and unsubscribes with one button. The e-mail's List-Unsubscribe header keeps
 * the API's URL: mail providers POST to it (RFC 8058), a mail client may open it (its own HTML page).
 */
export const UNSUBSCRIBE_PAGE_PATH = '/abunelikden-cix';

/** The one-click unsubscribe link's query: a signed token naming the recipient and the type. */
export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{1,400}\.[a-z-]{1,60}\.[A-Za-z0-9_-]{43}$/;
export const unsubscribeQuerySchema = z.object({
  token: text(NOTIFICATION_MESSAGES.unsubscribeInvalid).regex(
    UNSUBSCRIBE_TOKEN,
    NOTIFICATION_MESSAGES.unsubscribeInvalid,
  ),
});
/** A well-formed token whose signature does not hold (or names an unknown type) is refused too. */
const unsubscribeRules = [
  { field: 'token', rule: 'the link must be one this platform signed (for a recipient and a type)' },
] as const;

const tag = 'notifications';

export const NOTIFICATION_ENDPOINTS = {
  list: endpoint({
    method: 'get',
    path: '/api/notifications',
    summary: 'Bildirişlərim: ən yenisi əvvəl, ?unread=true yalnız oxunmamışlar, limit/before ilə səhifələr',
    tag,
    access: 'signed-in',
    query: inboxQuerySchema,
    response: { status: 200, schema: notificationPageSchema },
  }),
  unreadCount: endpoint({
    method: 'get',
    path: '/api/notifications/unread-count',
    summary: 'Oxunmamış bildirişlərin sayı',
    tag,
    access: 'signed-in',
    response: { status: 200, schema: unreadCountSchema },
  }),
  markRead: endpoint({
    method: 'post',
    path: '/api/notifications/:id/read',
    summary: 'Bildirişi oxunmuş kimi qeyd etmək (başqasınınkı 404)',
    tag,
    access: 'signed-in',
    params: notificationIdParamsSchema,
    response: { status: 200, schema: notificationSchema },
    errors: [404],
  }),
  markAllRead: endpoint({
    method: 'post',
    path: '/api/notifications/read-all',
    summary: 'Bütün bildirişlərimi oxunmuş kimi qeyd etmək',
    tag,
    access: 'signed-in',
    response: { status: 200, schema: readAllSchema },
  }),
  stats: endpoint({
    method: 'get',
    path: '/api/notifications/stats',
    summary: 'Göndərilmiş, gözləyən və uğursuz bildirişlərin sayı (super admin)',
    tag,
    access: ['super_admin'],
    query: notificationStatsQuerySchema,
    response: { status: 200, schema: notificationStatsSchema },
  }),
  adminList: endpoint({
    method: 'get',
    path: '/api/notifications/admin',
    summary: 'Bütün bildirişlər statusa görə (super admin)',
    tag,
    access: ['super_admin'],
    query: adminNotificationsQuerySchema,
    response: { status: 200, schema: adminNotificationPageSchema },
  }),
  retry: endpoint({
    method: 'post',
    path: '/api/notifications/:id/retry',
    summary: 'Uğursuz e-poçt bildirişini yenidən növbəyə qoymaq (super admin)',
    tag,
    access: ['super_admin'],
    params: notificationIdParamsSchema,
    response: { status: 200, schema: adminNotificationSchema },
    errors: [404, 409],
  }),
  preferences: endpoint({
    method: 'get',
    path: '/api/notifications/preferences',
    summary: 'Hansı növ bildirişlərin e-poçtla gəldiyi',
    tag,
    access: 'signed-in',
    response: { status: 200, schema: notificationPreferencesSchema },
  }),
  updatePreferences: endpoint({
    method: 'put',
    path: '/api/notifications/preferences',
    summary: 'Növə görə e-poçt bildirişlərini açmaq və ya söndürmək (tətbiqdaxili qalır)',
    tag,
    access: 'signed-in',
    body: updateNotificationPreferencesSchema,
    response: { status: 200, schema: notificationPreferencesSchema },
  }),
  unsubscribePage: endpoint({
    method: 'get',
    path: '/api/notifications/unsubscribe',
    summary: 'E-poçtdakı abunəlikdən çıxma linki: təsdiq düyməsi olan HTML səhifə',
    tag,
    access: 'public',
    query: unsubscribeQuerySchema,
    response: { status: 200, schema: null, contentTypes: ['text/html'] },
    rules: unsubscribeRules,
  }),
  unsubscribe: endpoint({
    method: 'post',
    path: '/api/notifications/unsubscribe',
    summary: 'Bir kliklə abunəlikdən çıxma (RFC 8058, List-Unsubscribe-Post): həmin növün e-poçtları dayanır',
    tag,
    access: 'public',
    query: unsubscribeQuerySchema,
    response: { status: 200, schema: null, contentTypes: ['text/html'] },
    rules: unsubscribeRules,
  }),
};
