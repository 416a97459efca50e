import { z } from 'zod';
import {
  ANNOUNCEMENT_TYPES,
  CATEGORIES,
  CLOSE_OUTCOMES,
  MAX_PHOTOS,
  MAX_SECURITY_QUESTIONS,
} from './announcements-api';
import { COMPLAINT_TYPES } from './complaint-types';

/**
 * Events of the announcements context, published on `announcements.events` (keyed by stream id
 * `announcement-<id>`). A published schema version is never edited: a change is a new version.
 */
export const ANNOUNCEMENT_EVENTS = {
  created: 'announcements.announcement.created',
  archived: 'announcements.announcement.archived',
  securityQuestionsSet: 'announcements.announcement.security-questions-set',
  resolved: 'announcements.announcement.resolved',
  edited: 'announcements.announcement.edited',
  closed: 'announcements.announcement.closed',
  deleted: 'announcements.announcement.deleted',
  renewed: 'announcements.announcement.renewed',
  /** Moderation: it waits for a super admin's review (a risk pattern matched, or reports weighing enough). */
  heldForReview: 'announcements.announcement.held-for-review',
  approved: 'announcements.announcement.approved',
  hidden: 'announcements.announcement.hidden',
  restored: 'announcements.announcement.restored',
  reported: 'announcements.announcement.reported',
  /** A lost and a found announcement match well enough to tell both authors (once per pair). */
  matchFound: 'announcements.match.found',
  /** The claimed item is in its owner's hands: the finder side entered the owner's code. */
  handedOver: 'announcements.announcement.handed-over',
} as const;

export const announcementStreamId = (announcementId: string) => `announcement-${announcementId}`;

/** `announcements.announcement.created`, schemaVersion 1: the announcement as posted. */
export const announcementCreatedV1Schema = z.object({
  announcementId: z.uuid(),
  userId: z.uuid(),
  organizationId: z.uuid().nullable(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  location: z.string(),
  roomNumber: z.string().nullable(),
  /** What the author wants to be reached by (from the form, else their phone, else e-mail; may be null). */
  contactInfo: z.string().nullable(),
  /** `/objects/<id>` of a photo the author uploaded and that was normalised, or null. */
  imageUrl: z.string().nullable(),
  /** Integer AZN; 0 = no reward (always 0 for `found`). */
  rewardAmount: z.number().int().min(0),
  rewardDescription: z.string().nullable(),
  isPublic: z.boolean(),
  /** ISO 8601; the 30-day archiving period counts from here. */
  createdAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementCreatedV1 = z.infer<typeof announcementCreatedV1Schema>;

/** Issue 22: every photo of an announcement, in order; `imageUrl` stays its first (the cover), or null. */
const photoListSchema = z.array(z.string()).max(MAX_PHOTOS);

/**
 * `announcements.announcement.created`, schemaVersion 2: v1 and `imageUrls`, every photo in
 * order (issue 22). A v2 payload is a valid v1 one, so a consumer that needs only the cover
 * handles both versions alike.
 */
export const announcementCreatedV2Schema = announcementCreatedV1Schema.extend({ imageUrls: photoListSchema });
export type AnnouncementCreatedV2 = z.infer<typeof announcementCreatedV2Schema>;

/** `announcements.announcement.archived`, schemaVersion 1: no longer active nor listed. */
export const announcementArchivedV1Schema = z.object({
  announcementId: z.uuid(),
  /** `expired`: the archiving period passed. */
  reason: z.enum(['expired']),
  archivedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementArchivedV1 = z.infer<typeof announcementArchivedV1Schema>;

/**
 * `announcements.announcement.security-questions-set`, schemaVersion 1: a found item's security
 * questions (all of them, in order; [] removes them), set when it is posted or later by its
 * author or its organisation's admins. Only the question texts: the answers the author expects
 * are never in an event (the announcements service keeps them in its `security_answers` table).
 */
export const announcementSecurityQuestionsSetV1Schema = z.object({
  announcementId: z.uuid(),
  questions: z.array(z.string()).max(MAX_SECURITY_QUESTIONS),
  setAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementSecurityQuestionsSetV1 = z.infer<typeof announcementSecurityQuestionsSetV1Schema>;

/**
 * `announcements.announcement.resolved`, schemaVersion 1: a claim on it was resolved_claimed
 * (`requests.request.status-changed`), the item went back to its owner. It leaves the public
 * list (and the rewards page); its author and its organisation still list it.
 */
export const announcementResolvedV1Schema = z.object({
  announcementId: z.uuid(),
  /** The request that was resolved_claimed. */
  requestId: z.uuid(),
  resolvedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementResolvedV1 = z.infer<typeof announcementResolvedV1Schema>;

/**
 * `announcements.announcement.handed-over`, schemaVersion 1: after `resolved`, the finder side
 * confirmed the hand-over with the owner's code (`requests.request.handed-over`): the item is
 * returned, and the announcement says so (`handedOverAt`).
 */
export const announcementHandedOverV1Schema = z.object({
  announcementId: z.uuid(),
  requestId: z.uuid(),
  handedOverAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementHandedOverV1 = z.infer<typeof announcementHandedOverV1Schema>;

/**
 * `announcements.announcement.edited`, schemaVersion 1: its author (or its organisation's admin,
 * or a super admin) changed it. The whole announcement after the edit (every field a consumer
 * such as matching needs, changed or not); its type, author and organisation never change.
 * Security questions are not here: a changed list is its own `security-questions-set` event.
 */
export const announcementEditedV1Schema = z.object({
  announcementId: z.uuid(),
  userId: z.uuid(),
  organizationId: z.uuid().nullable(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  location: z.string(),
  roomNumber: z.string().nullable(),
  contactInfo: z.string().nullable(),
  imageUrl: z.string().nullable(),
  rewardAmount: z.number().int().min(0),
  rewardDescription: z.string().nullable(),
  isPublic: z.boolean(),
  editedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementEditedV1 = z.infer<typeof announcementEditedV1Schema>;

/** `announcements.announcement.edited`, schemaVersion 2: v1 and `imageUrls` (as `created` v2). */
export const announcementEditedV2Schema = announcementEditedV1Schema.extend({ imageUrls: photoListSchema });
export type AnnouncementEditedV2 = z.infer<typeof announcementEditedV2Schema>;

/** The photos a `created` or `edited` payload of either version names, in order. */
export const photosOfEvent = (p: { imageUrl: string | null; imageUrls?: string[] }): string[] =>
  p.imageUrls ?? (p.imageUrl ? [p.imageUrl] : []);

/**
 * `announcements.announcement.closed`, schemaVersion 1: its author (or its organisation's admin)
 * closed it — `returned`: the item went back to its owner, `no_longer_needed`. Like `resolved`
 * (which a claim causes) it becomes `status: 'resolved'` and leaves the public list; its author
 * and its organisation still list it.
 */
export const announcementClosedV1Schema = z.object({
  announcementId: z.uuid(),
  outcome: z.enum(CLOSE_OUTCOMES),
  closedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementClosedV1 = z.infer<typeof announcementClosedV1Schema>;

/**
 * `announcements.announcement.deleted`, schemaVersion 1: its author (or its organisation's
 * admin, or a super admin) removed it. It is gone from every list; only the audit trail keeps it.
 */
export const announcementDeletedV1Schema = z.object({
  announcementId: z.uuid(),
  deletedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementDeletedV1 = z.infer<typeof announcementDeletedV1Schema>;

/**
 * `announcements.announcement.renewed`, schemaVersion 1: an archived announcement is open and
 * listed again; its archiving period (and the reminder before it) counts from `renewedAt`.
 */
export const announcementRenewedV1Schema = z.object({
  announcementId: z.uuid(),
  renewedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementRenewedV1 = z.infer<typeof announcementRenewedV1Schema>;

/**
 * `announcements.announcement.held-for-review`, schemaVersion 1: it is out of every public list
 * until a super admin approves it. `rules`: the risk patterns it matched when posted
 * (`phone-in-title`, `link-in-title`, `link-in-text`, `money-request`, `card-number`, `high-reward`,
 * `reward-promise`), or
 * `reports` when users' reports weighed enough (see services/announcements/README.md).
 */
export const announcementHeldForReviewV1Schema = z.object({
  announcementId: z.uuid(),
  rules: z.array(z.string()).min(1),
  heldAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementHeldForReviewV1 = z.infer<typeof announcementHeldForReviewV1Schema>;

/** `announcements.announcement.approved`, schemaVersion 1: a super admin approved it (its reports reviewed); listed again. */
export const announcementApprovedV1Schema = z.object({
  announcementId: z.uuid(),
  approvedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementApprovedV1 = z.infer<typeof announcementApprovedV1Schema>;

/** `announcements.announcement.hidden`, schemaVersion 1: a super admin hid it; its author sees the reason. */
export const announcementHiddenV1Schema = z.object({
  announcementId: z.uuid(),
  reason: z.string(),
  hiddenAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementHiddenV1 = z.infer<typeof announcementHiddenV1Schema>;

/** `announcements.announcement.restored`, schemaVersion 1: a super admin showed a hidden one again. */
export const announcementRestoredV1Schema = z.object({
  announcementId: z.uuid(),
  restoredAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementRestoredV1 = z.infer<typeof announcementRestoredV1Schema>;

/**
 * `announcements.announcement.reported`, schemaVersion 1: a user reported it (§3 complaint type).
 * The reporter's free-text note is not here (it may name people or contacts): the announcements
 * service keeps it in its `report_notes` table for the moderation queue; `hasNote` says one exists.
 */
export const announcementReportedV1Schema = z.object({
  announcementId: z.uuid(),
  reporterId: z.uuid(),
  type: z.enum(COMPLAINT_TYPES),
  hasNote: z.boolean(),
  reportedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementReportedV1 = z.infer<typeof announcementReportedV1Schema>;

/**
 * `announcements.announcement.reported`, schemaVersion 2 (issue 21): v1 and what the report counts
 * towards holding the announcement for review. `weight` is the reporter's standing when they reported
 * (verified contact, account age, past reports upheld or rejected; 0 when their address already
 * reported it since the last review); `addressKey` is a keyed hash of the reporter's client address
 * (HMAC with the platform secret, never the address itself), null when unknown.
 */
export const announcementReportedV2Schema = announcementReportedV1Schema.extend({
  weight: z.number().min(0),
  addressKey: z.string().nullable(),
});
export type AnnouncementReportedV2 = z.infer<typeof announcementReportedV2Schema>;

/**
 * `announcements.announcement.reported`, schemaVersion 3: v2 and `deviceKey`, a keyed hash of the
 * reporter's browser (its `tapinti_device` cookie's id, HMAC with the platform secret, never the id
 * itself), null without a device cookie; `weight` is also 0 when that device already reported it
 * since the last review, whichever account signed in on it.
 */
export const announcementReportedV3Schema = announcementReportedV2Schema.extend({
  deviceKey: z.string().nullable(),
});
export type AnnouncementReportedV3 = z.infer<typeof announcementReportedV3Schema>;

/** One pair of a lost and a found announcement, one stream: a second `match.found` cannot be appended. */
export const matchStreamId = (lostAnnouncementId: string, foundAnnouncementId: string) =>
  `match-${lostAnnouncementId}-${foundAnnouncementId}`;

/** One side of a match: the announcement, its author and its title (both public in `created`). */
const matchSideSchema = z.object({
  announcementId: z.uuid(),
  userId: z.uuid(),
  title: z.string(),
});

/**
 * `announcements.match.found`, schemaVersion 1 (stream `match-<lost id>-<found id>`): matching
 * scored a lost and a found announcement above the notification threshold, for the first time.
 * The authors are named so a consumer can tell both without waiting for their `created` events
 * (which travel on other streams); never their contact details.
 */
export const matchFoundV1Schema = z.object({
  lost: matchSideSchema,
  found: matchSideSchema,
  /** 0..1 */
  score: z.number().min(0).max(1),
  /** Why they match, Azerbaijani phrases ('Eyni kateqoriya', 'Oxşar yer: 28 May metrosu'). */
  reasons: z.array(z.string()),
  foundAt: z.iso.datetime({ offset: true }),
});
export type MatchFoundV1 = z.infer<typeof matchFoundV1Schema>;

/** Payload schema per (type, schemaVersion). */
export const ANNOUNCEMENT_EVENT_SCHEMAS: Record<string, Record<number, z.ZodType>> = {
  [ANNOUNCEMENT_EVENTS.created]: { 1: announcementCreatedV1Schema, 2: announcementCreatedV2Schema },
  [ANNOUNCEMENT_EVENTS.archived]: { 1: announcementArchivedV1Schema },
  [ANNOUNCEMENT_EVENTS.securityQuestionsSet]: { 1: announcementSecurityQuestionsSetV1Schema },
  [ANNOUNCEMENT_EVENTS.resolved]: { 1: announcementResolvedV1Schema },
  [ANNOUNCEMENT_EVENTS.edited]: { 1: announcementEditedV1Schema, 2: announcementEditedV2Schema },
  [ANNOUNCEMENT_EVENTS.closed]: { 1: announcementClosedV1Schema },
  [ANNOUNCEMENT_EVENTS.deleted]: { 1: announcementDeletedV1Schema },
  [ANNOUNCEMENT_EVENTS.renewed]: { 1: announcementRenewedV1Schema },
  [ANNOUNCEMENT_EVENTS.heldForReview]: { 1: announcementHeldForReviewV1Schema },
  [ANNOUNCEMENT_EVENTS.approved]: { 1: announcementApprovedV1Schema },
  [ANNOUNCEMENT_EVENTS.hidden]: { 1: announcementHiddenV1Schema },
  [ANNOUNCEMENT_EVENTS.restored]: { 1: announcementRestoredV1Schema },
  [ANNOUNCEMENT_EVENTS.reported]: {
    1: announcementReportedV1Schema,
    2: announcementReportedV2Schema,
    3: announcementReportedV3Schema,
  },
  [ANNOUNCEMENT_EVENTS.matchFound]: { 1: matchFoundV1Schema },
  [ANNOUNCEMENT_EVENTS.handedOver]: { 1: announcementHandedOverV1Schema },
};
