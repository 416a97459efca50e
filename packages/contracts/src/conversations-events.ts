import { z } from 'zod';

/**
 * Events of the conversations context (issue 26): the talk between a claimant and whoever holds
 * the item, published on `conversations.events`, keyed by stream id `conversation-<uuid>`.
 *
 * What people write is never in an event: message texts and shared contact details (a phone
 * number, an e-mail address) stay in the conversations service's own tables, shown only to the
 * conversation's sides. Events carry ids, sides and times, so audit rows, analytics, other
 * services and logs never see them. A published schemaVersion is never edited.
 */
export const CONVERSATION_EVENTS = {
  opened: 'conversations.conversation.opened',
  messagePosted: 'conversations.message.posted',
  contactShared: 'conversations.contact.shared',
  reported: 'conversations.conversation.reported',
} as const;
export type ConversationEventType = (typeof CONVERSATION_EVENTS)[keyof typeof CONVERSATION_EVENTS];

export const conversationStreamId = (conversationId: string) => `conversation-${conversationId}`;

/** What a conversation is about: today a claim; a venue's "found it" answer opens a claim too. */
export const CONVERSATION_SUBJECTS = ['claim'] as const;
export type ConversationSubject = (typeof CONVERSATION_SUBJECTS)[number];

/** The claimant, or whoever holds the item (its finder, or the organisation's admins and staff). */
export const CONVERSATION_SIDES = ['claimant', 'holder'] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

export const SHAREABLE_CONTACTS = ['phone', 'email'] as const;
export type ShareableContact = (typeof SHAREABLE_CONTACTS)[number];

export const REPORT_REASONS = ['scam', 'abuse', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

const timestamp = z.iso.datetime({ offset: true });

/** Who the two sides are; every event of a conversation carries them, so a consumer needs nothing else. */
const parties = {
  conversationId: z.uuid(),
  announcementId: z.uuid(),
  claimantUserId: z.uuid(),
  /** The finder in person; null when an organisation holds the item. */
  holderUserId: z.uuid().nullable(),
  /** The organisation holding the item (its admins and staff answer), or null. */
  holderOrganizationId: z.uuid().nullable(),
};

/**
 * `conversations.conversation.opened` v1: a claim was filed (`requests.request.filed`), so its two
 * sides can talk. `subjectId` is the claim's id, and the conversation's id is the same uuid.
 */
export const conversationOpenedV1 = z.object({
  ...parties,
  subject: z.enum(CONVERSATION_SUBJECTS),
  subjectId: z.uuid(),
  openedAt: timestamp,
});
export type ConversationOpenedV1 = z.infer<typeof conversationOpenedV1>;

/** `conversations.message.posted` v1: one side wrote (never the text); the other side is told. */
export const messagePostedV1 = z.object({
  ...parties,
  messageId: z.uuid(),
  senderUserId: z.uuid(),
  senderSide: z.enum(CONVERSATION_SIDES),
  postedAt: timestamp,
});
export type MessagePostedV1 = z.infer<typeof messagePostedV1>;

/** `conversations.contact.shared` v1: a side shared their phone or e-mail (never the value). */
export const contactSharedV1 = z.object({
  ...parties,
  userId: z.uuid(),
  side: z.enum(CONVERSATION_SIDES),
  contact: z.enum(SHAREABLE_CONTACTS),
  sharedAt: timestamp,
});
export type ContactSharedV1 = z.infer<typeof contactSharedV1>;

/** `conversations.conversation.reported` v1: a side asked the super admin to read it. */
export const conversationReportedV1 = z.object({
  ...parties,
  reportedBy: z.uuid(),
  side: z.enum(CONVERSATION_SIDES),
  reason: z.enum(REPORT_REASONS),
  reportedAt: timestamp,
});
export type ConversationReportedV1 = z.infer<typeof conversationReportedV1>;

/** Payload schema per (type, schemaVersion). */
export const CONVERSATION_EVENT_SCHEMAS: Record<string, Record<number, z.ZodType>> = {
  [CONVERSATION_EVENTS.opened]: { 1: conversationOpenedV1 },
  [CONVERSATION_EVENTS.messagePosted]: { 1: messagePostedV1 },
  [CONVERSATION_EVENTS.contactShared]: { 1: contactSharedV1 },
  [CONVERSATION_EVENTS.reported]: { 1: conversationReportedV1 },
};
