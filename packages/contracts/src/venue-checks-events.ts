import { z } from 'zod';
import { VENUE_CHECK_ANSWERS } from './venue-checks-api';

/**
 * Events of the requests context's venue checks (issue 26 point 1), on `requests.events`, keyed by
 * stream id `venue-check-<uuid>`: one stream per (lost announcement, asked organisation). They
 * carry ids, times and the answer only: never the owner's contact details.
 * A published schemaVersion is never edited; a change gets a new version.
 */
export const VENUE_CHECK_EVENTS = {
  asked: 'requests.venue-check.asked',
  seen: 'requests.venue-check.seen',
  answered: 'requests.venue-check.answered',
  answerReminderDue: 'requests.venue-check.answer-reminder-due',
  answerOverdue: 'requests.venue-check.answer-overdue',
} as const;
export type VenueCheckEventType = (typeof VENUE_CHECK_EVENTS)[keyof typeof VENUE_CHECK_EVENTS];

export const venueCheckStreamId = (venueCheckId: string) => `venue-check-${venueCheckId}`;

const timestamp = z.iso.datetime({ offset: true });

/**
 * `requests.venue-check.asked` v1: the owner of a lost announcement asked this organisation. Its
 * deadline (like a claim's: the plan's hours, paused outside working hours when it says so) is fixed here.
 */
export const venueCheckAskedV1 = z.object({
  venueCheckId: z.uuid(),
  announcementId: z.uuid(),
  organizationId: z.uuid(),
  /** The announcement's owner, who asked (told of each answer). */
  ownerUserId: z.uuid(),
  askedAt: timestamp,
  plan: z.string(),
  deadlineHours: z.number().int(),
  remindAt: timestamp,
  dueAt: timestamp,
});
export type VenueCheckAskedV1 = z.infer<typeof venueCheckAskedV1>;

/** `requests.venue-check.seen` v1: a member of the venue opened the request (once). */
export const venueCheckSeenV1 = z.object({
  venueCheckId: z.uuid(),
  announcementId: z.uuid(),
  organizationId: z.uuid(),
  seenBy: z.uuid(),
  seenAt: timestamp,
});
export type VenueCheckSeenV1 = z.infer<typeof venueCheckSeenV1>;

/**
 * `requests.venue-check.answered` v1: «Burada yoxdur» (`not_here`) or «Tapdıq» (`found`: `itemId`
 * is the venue's found announcement, `requestId` the claim filed for the owner on it in the same
 * transaction — `requests.request.filed` follows on that claim's stream).
 */
export const venueCheckAnsweredV1 = z.object({
  venueCheckId: z.uuid(),
  announcementId: z.uuid(),
  organizationId: z.uuid(),
  ownerUserId: z.uuid(),
  answer: z.enum(VENUE_CHECK_ANSWERS),
  itemId: z.uuid().nullable(),
  requestId: z.uuid().nullable(),
  answeredBy: z.uuid(),
  answeredAt: timestamp,
});
export type VenueCheckAnsweredV1 = z.infer<typeof venueCheckAnsweredV1>;

/**
 * `requests.venue-check.answer-reminder-due` v1 (half the deadline passed, the venue's staff and
 * admins are reminded) and `requests.venue-check.answer-overdue` v1 (past due: escalated to its
 * admins and listed for the super admin).
 */
export const venueCheckAnswerReminderDueV1 = z.object({
  venueCheckId: z.uuid(),
  announcementId: z.uuid(),
  organizationId: z.uuid(),
  dueAt: timestamp,
  at: timestamp,
});
export type VenueCheckAnswerReminderDueV1 = z.infer<typeof venueCheckAnswerReminderDueV1>;
export const venueCheckAnswerOverdueV1 = venueCheckAnswerReminderDueV1;
export type VenueCheckAnswerOverdueV1 = VenueCheckAnswerReminderDueV1;

/** Payload schema per (type, schemaVersion). */
export const VENUE_CHECK_EVENT_SCHEMAS: Record<string, Record<number, z.ZodType>> = {
  [VENUE_CHECK_EVENTS.asked]: { 1: venueCheckAskedV1 },
  [VENUE_CHECK_EVENTS.seen]: { 1: venueCheckSeenV1 },
  [VENUE_CHECK_EVENTS.answered]: { 1: venueCheckAnsweredV1 },
  [VENUE_CHECK_EVENTS.answerReminderDue]: { 1: venueCheckAnswerReminderDueV1 },
  [VENUE_CHECK_EVENTS.answerOverdue]: { 1: venueCheckAnswerOverdueV1 },
};
