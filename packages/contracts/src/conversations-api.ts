import { z } from 'zod';
import {
  CONVERSATION_SIDES,
  CONVERSATION_SUBJECTS,
  REPORT_REASONS,
  SHAREABLE_CONTACTS,
} from './conversations-events';
import { endpoint } from './endpoint';
import { trimmedText } from './input-text';
import { TEXT_WARNINGS } from './text-warnings';

/*
 * Conversations (issue 26.2): every claim has one between its claimant and whoever holds the item
 * (the announcement's author, or the admins and staff of its organisation), instead of handing out
 * phone numbers. Only its sides read it; the super admin reads it only once a side reported it.
 */

export const MESSAGE_MAX_LENGTH = 2000;
/** One person's messages in one conversation within any hour: enough to agree, too few to flood. */
export const MESSAGES_PER_HOUR = 60;

export const CONVERSATION_MESSAGES = {
  conversationId: 'Yazışmanın identifikatoru yanlışdır',
  notFound: 'Yazışma tapılmadı',
  notPart: 'Bu yazışmanı yalnız onun tərəfləri oxuya bilər',
  notReported: 'Super admin yalnız şikayət edilmiş yazışmaları oxuya bilər',
  textRequired: 'Mesajı yazın',
  textTooLong: `Mesaj ən çox ${MESSAGE_MAX_LENGTH} simvol ola bilər`,
  contactRequired: 'Paylaşılacaq əlaqəni seçin: telefon və ya e-poçt',
  noPhone: 'Profilinizdə telefon nömrəsi yoxdur. Onu profilinizdə əlavə edin və ya yazışmada yazın',
  noEmail: 'Profilinizdə e-poçt ünvanı yoxdur',
  reasonRequired: 'Şikayətin səbəbini seçin: fırıldaq, təhqir və ya digər',
  tooManyMessages: `Bir saat ərzində bu yazışmaya ən çox ${MESSAGES_PER_HOUR} mesaj yazmaq olar. Bir az sonra yenidən yazın`,
} as const;

export const conversationParamsSchema = z.object({
  id: z.uuid({ error: CONVERSATION_MESSAGES.conversationId }).transform((v) => v.toLowerCase()),
});

export const postMessageSchema = z.object({
  text: trimmedText({
    min: 1,
    max: MESSAGE_MAX_LENGTH,
    required: CONVERSATION_MESSAGES.textRequired,
    tooShort: CONVERSATION_MESSAGES.textRequired,
    tooLong: CONVERSATION_MESSAGES.textTooLong,
  }),
});
export type PostMessage = z.infer<typeof postMessageSchema>;

export const shareContactSchema = z.object({
  contact: z.enum(SHAREABLE_CONTACTS, { error: CONVERSATION_MESSAGES.contactRequired }),
});

export const reportConversationSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: CONVERSATION_MESSAGES.reasonRequired }),
});

/** Who reads: one of its sides, or the super admin moderating a reported one (`moderator`). */
export const CONVERSATION_READERS = [...CONVERSATION_SIDES, 'moderator'] as const;

export const conversationMessageSchema = z.object({
  id: z.uuid(),
  side: z.enum(CONVERSATION_SIDES),
  /** Written by the caller themselves. */
  mine: z.boolean(),
  senderName: z.string().nullable(),
  text: z.string(),
  /** Issue 21's signs (money first, a card number, a link), computed at each answer; [] for none. */
  warnings: z.array(z.enum(TEXT_WARNINGS)),
  postedAt: z.iso.datetime({ offset: true }),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const sharedContactSchema = z.object({
  side: z.enum(CONVERSATION_SIDES),
  mine: z.boolean(),
  senderName: z.string().nullable(),
  contact: z.enum(SHAREABLE_CONTACTS),
  /** The phone or address: for the sides only, never for the moderating super admin (null). */
  value: z.string().nullable(),
  sharedAt: z.iso.datetime({ offset: true }),
});
export type SharedContact = z.infer<typeof sharedContactSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  subject: z.enum(CONVERSATION_SUBJECTS),
  /** The claim's id (the conversation's own id is the same uuid). */
  subjectId: z.uuid(),
  announcementId: z.uuid(),
  /** Held by an organisation (its admins and staff answer) rather than a person. */
  heldByOrganization: z.boolean(),
  reader: z.enum(CONVERSATION_READERS),
  messages: z.array(conversationMessageSchema),
  sharedContacts: z.array(sharedContactSchema),
  /** The caller already reported it. */
  reportedByMe: z.boolean(),
  openedAt: z.iso.datetime({ offset: true }),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const reportedConversationSchema = z.object({
  id: z.uuid(),
  subjectId: z.uuid(),
  announcementId: z.uuid(),
  reports: z.number().int(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  lastReportedAt: z.iso.datetime({ offset: true }),
  messages: z.number().int(),
});
export type ReportedConversation = z.infer<typeof reportedConversationSchema>;

const tag = 'conversations';

export const CONVERSATION_ENDPOINTS = {
  reported: endpoint({
    method: 'get',
    path: '/api/conversations/reported',
    summary: 'Şikayət edilmiş yazışmalar (ən son şikayət əvvəl): yalnız super admin',
    tag,
    access: ['super_admin'],
    response: { status: 200, schema: z.array(reportedConversationSchema) },
  }),
  get: endpoint({
    method: 'get',
    path: '/api/conversations/:id',
    summary:
      'Sorğunun yazışması (id = sorğunun id-si): yalnız tərəfləri; super admin yalnız şikayət edilmişi oxuyur',
    tag,
    access: 'signed-in',
    params: conversationParamsSchema,
    response: { status: 200, schema: conversationSchema },
    errors: [403, 404],
  }),
  post: endpoint({
    method: 'post',
    path: '/api/conversations/:id/messages',
    summary: 'Yazışmaya mesaj yazmaq: digər tərəf tətbiqdə və e-poçtla xəbər alır',
    tag,
    access: 'signed-in',
    params: conversationParamsSchema,
    body: postMessageSchema,
    response: { status: 201, schema: conversationSchema },
    errors: [403, 404, 429],
  }),
  share: endpoint({
    method: 'post',
    path: '/api/conversations/:id/share',
    summary: 'Öz telefonunu və ya e-poçtunu yalnız bu yazışmanın digər tərəfinə göstərmək',
    tag,
    access: 'signed-in',
    params: conversationParamsSchema,
    body: shareContactSchema,
    response: { status: 200, schema: conversationSchema },
    errors: [403, 404, 409],
  }),
  report: endpoint({
    method: 'post',
    path: '/api/conversations/:id/report',
    summary: 'Yazışmanı super adminə şikayət etmək (yalnız tərəflər)',
    tag,
    access: 'signed-in',
    params: conversationParamsSchema,
    body: reportConversationSchema,
    response: { status: 200, schema: conversationSchema },
    errors: [403, 404],
  }),
};
