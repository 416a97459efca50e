import { z } from 'zod';
import { COMPLAINT_TYPES } from './complaint-types';

/**
 * Events of the requests context (claims on an announcement's item), published on
 * `requests.events`, keyed by stream id `request-<uuid>`.
 *
 * What the claimant wrote is never in an event: their answers to the announcement's security
 * questions (what proves the item is theirs), their message and room number stay in the
 * requests service's own `request_details` table (not a read model), shown only to the claimant
 * and whoever handles the request — never in audit rows, analytics or other services.
 * A published schemaVersion is never edited; a change gets a new version.
 */
export const REQUEST_EVENTS = {
  filed: 'requests.request.filed',
  statusChanged: 'requests.request.status-changed',
  handoverCodeIssued: 'requests.handover.code-issued',
  handoverFailedAttempt: 'requests.handover.failed-attempt',
  handoverLocked: 'requests.handover.locked',
  handedOver: 'requests.request.handed-over',
  complaintFiled: 'requests.complaint.filed',
  complaintStatusChanged: 'requests.complaint.status-changed',
  complaintReplied: 'requests.complaint.replied',
  answerDeadlineSet: 'requests.request.answer-deadline-set',
  answerReminderDue: 'requests.request.answer-reminder-due',
  answerOverdue: 'requests.request.answer-overdue',
} as const;
export type RequestEventType = (typeof REQUEST_EVENTS)[keyof typeof REQUEST_EVENTS];

export const requestStreamId = (requestId: string) => `request-${requestId}`;

/** Spec §4: only pending requests can be updated; any status starting with 'resolved' is resolved. */
export const REQUEST_STATUSES = ['pending', 'contacted', 'resolved_claimed', 'resolved_rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const CONTACT_METHODS = ['phone', 'email', 'in_person'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

const timestamp = z.iso.datetime({ offset: true });
const status = z.enum(REQUEST_STATUSES);

/** `requests.request.filed` v1: someone claims an announcement's item. */
export const requestFiledV1 = z.object({
  requestId: z.uuid(),
  announcementId: z.uuid(),
  /** The announcement's organisation, or null for a private announcement. */
  organizationId: z.uuid().nullable(),
  /** The claimant. */
  userId: z.uuid(),
  /** Who handles it when known at filing (the announcement's author), else null (the organisation's admins). */
  handlerUserId: z.uuid().nullable(),
  contactMethod: z.enum(CONTACT_METHODS),
  status: z.literal('pending'),
  createdAt: timestamp,
});
export type RequestFiledV1 = z.infer<typeof requestFiledV1>;

/**
 * Why a status changed: `handler` (absent means the same) — the handler chose it with
 * `PUT /api/requests/:id`; `item-claimed` — another request on the same announcement was
 * resolved_claimed, so this open one was resolved_rejected in the same transaction.
 */
export const STATUS_CHANGE_REASONS = ['handler', 'item-claimed'] as const;
export type StatusChangeReason = (typeof STATUS_CHANGE_REASONS)[number];

/**
 * `requests.request.status-changed` v1. `handledBy` is the session's user (for `item-claimed`,
 * the handler who resolved the other request), `handledAt` the server's clock. A change `to`
 * `resolved_claimed` closes the item: announcements marks the announcement `resolved`.
 */
export const requestStatusChangedV1 = z.object({
  requestId: z.uuid(),
  announcementId: z.uuid(),
  from: status,
  to: status,
  handledBy: z.uuid(),
  handledAt: timestamp,
  reason: z.enum(STATUS_CHANGE_REASONS).optional(),
});
export type RequestStatusChangedV1 = z.infer<typeof requestStatusChangedV1>;

/**
 * `requests.handover.code-issued` v1: a claim was resolved_claimed (appended with that status
 * change), or a super admin lifted a lock. The owner gets a 6-digit hand-over code: never in the
 * event — it is an HMAC of `requestId` and `generation` with the platform secret
 * (`@tapinti/platform/handover-code`), computed where it is shown or e-mailed. `ownerUserId`
 * receives it; the finder side (`finderUserId`, or the admins of `finderOrganizationId`) enters it.
 */
export const handoverCodeIssuedV1 = z.object({
  requestId: z.uuid(),
  announcementId: z.uuid(),
  ownerUserId: z.uuid(),
  /** The finder in person; null when the organisation's admins hand the item over. */
  finderUserId: z.uuid().nullable(),
  finderOrganizationId: z.uuid().nullable(),
  /** 1 for the first code; each unlock issues the next one (earlier codes stop working). */
  generation: z.number().int().min(1),
  issuedAt: timestamp,
});
export type HandoverCodeIssuedV1 = z.infer<typeof handoverCodeIssuedV1>;

/** `requests.handover.failed-attempt` v1: a wrong code was entered (never the code typed). */
export const handoverFailedAttemptV1 = z.object({
  requestId: z.uuid(),
  announcementId: z.uuid(),
  /** Wrong codes since the current code was issued, this one included. */
  failedAttempts: z.number().int().min(1),
  enteredBy: z.uuid(),
  at: timestamp,
});
export type HandoverFailedAttemptV1 = z.infer<typeof handoverFailedAttemptV1>;

/** `requests.handover.locked` v1: the 5th wrong code; only a super admin's unlock (a new code) opens it. */
export const handoverLockedV1 = z.object({
  requestId: z.uuid(),
  announcementId: z.uuid(),
  lockedAt: timestamp,
});
export type HandoverLockedV1 = z.infer<typeof handoverLockedV1>;

/**
 * `requests.request.handed-over` v1: the finder side entered the owner's right code — the item is
 * in the owner's hands. The announcements service marks the announcement handed over (returned).
 */
export const requestHandedOverV1 = z.object({
  requestId: z.uuid(),
  announcementId: z.uuid(),
  ownerUserId: z.uuid(),
  confirmedBy: z.uuid(),
  handedOverAt: timestamp,
});
export type RequestHandedOverV1 = z.infer<typeof requestHandedOverV1>;

export const COMPLAINT_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const complaintStreamId = (complaintId: string) => `complaint-${complaintId}`;

/**
 * `requests.complaint.filed` v1: a complaint to the platform (spec §5 form). `number` is its
 * human-readable number (`ŞK-000123`), sequential. `contactEmail` is where its number and the
 * reply are e-mailed (null: none given — anonymous, or a phone only); the audit log never keeps
 * it. Subject, description and the contact text as typed are not in the event (the requests
 * service's `complaint_details`).
 */
export const complaintFiledV1 = z.object({
  complaintId: z.uuid(),
  number: z.string(),
  type: z.enum(COMPLAINT_TYPES),
  announcementId: z.uuid().nullable(),
  /** The signed-in complainant, or null (anonymous). */
  userId: z.uuid().nullable(),
  contactEmail: z.string().nullable(),
  status: z.literal('open'),
  createdAt: timestamp,
});
export type ComplaintFiledV1 = z.infer<typeof complaintFiledV1>;

/** `requests.complaint.status-changed` v1: a super admin moved it (open / in_progress / resolved). */
export const complaintStatusChangedV1 = z.object({
  complaintId: z.uuid(),
  number: z.string(),
  from: z.enum(COMPLAINT_STATUSES),
  to: z.enum(COMPLAINT_STATUSES),
  changedBy: z.uuid(),
  changedAt: timestamp,
});
export type ComplaintStatusChangedV1 = z.infer<typeof complaintStatusChangedV1>;

/**
 * `requests.complaint.replied` v1: a super admin's reply, e-mailed to the complaint's contact
 * (`userId` and `contactEmail` as filed, so the notifications service needs nothing else).
 */
export const complaintRepliedV1 = z.object({
  complaintId: z.uuid(),
  number: z.string(),
  userId: z.uuid().nullable(),
  contactEmail: z.string().nullable(),
  reply: z.string(),
  repliedBy: z.uuid(),
  repliedAt: timestamp,
});
export type ComplaintRepliedV1 = z.infer<typeof complaintRepliedV1>;

/**
 * `requests.request.answer-deadline-set` v1 (issue 26): a claim on an organisation's item must be
 * answered first (any status change) by `dueAt`: its plan's hours, the clock paused outside the
 * desk's working hours when the organisation says so. Its staff are reminded at `remindAt`.
 */
export const answerDeadlineSetV1 = z.object({
  requestId: z.uuid(),
  announcementId: z.uuid(),
  organizationId: z.uuid(),
  plan: z.string(),
  deadlineHours: z.number().int(),
  filedAt: timestamp,
  remindAt: timestamp,
  dueAt: timestamp,
});
export type AnswerDeadlineSetV1 = z.infer<typeof answerDeadlineSetV1>;

/**
 * `requests.request.answer-reminder-due` v1: half the deadline passed without an answer (the
 * organisation's staff and admins are reminded); `requests.request.answer-overdue` v1: the
 * deadline passed (escalated to its admins and listed for the super admin).
 */
export const answerReminderDueV1 = z.object({
  requestId: z.uuid(),
  announcementId: z.uuid(),
  organizationId: z.uuid(),
  dueAt: timestamp,
  at: timestamp,
});
export type AnswerReminderDueV1 = z.infer<typeof answerReminderDueV1>;
export const answerOverdueV1 = answerReminderDueV1;
export type AnswerOverdueV1 = AnswerReminderDueV1;

/** Payload schema per (type, schemaVersion). */
export const REQUEST_EVENT_SCHEMAS: Record<string, Record<number, z.ZodType>> = {
  [REQUEST_EVENTS.filed]: { 1: requestFiledV1 },
  [REQUEST_EVENTS.statusChanged]: { 1: requestStatusChangedV1 },
  [REQUEST_EVENTS.handoverCodeIssued]: { 1: handoverCodeIssuedV1 },
  [REQUEST_EVENTS.handoverFailedAttempt]: { 1: handoverFailedAttemptV1 },
  [REQUEST_EVENTS.handoverLocked]: { 1: handoverLockedV1 },
  [REQUEST_EVENTS.handedOver]: { 1: requestHandedOverV1 },
  [REQUEST_EVENTS.complaintFiled]: { 1: complaintFiledV1 },
  [REQUEST_EVENTS.complaintStatusChanged]: { 1: complaintStatusChangedV1 },
  [REQUEST_EVENTS.complaintReplied]: { 1: complaintRepliedV1 },
  [REQUEST_EVENTS.answerDeadlineSet]: { 1: answerDeadlineSetV1 },
  [REQUEST_EVENTS.answerReminderDue]: { 1: answerReminderDueV1 },
  [REQUEST_EVENTS.answerOverdue]: { 1: answerOverdueV1 },
};
