import { z } from 'zod';

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

/** Payload schema per (type, schemaVersion). */
export const REQUEST_EVENT_SCHEMAS: Record<string, Record<number, z.ZodType>> = {
  [REQUEST_EVENTS.filed]: { 1: requestFiledV1 },
  [REQUEST_EVENTS.statusChanged]: { 1: requestStatusChangedV1 },
};
