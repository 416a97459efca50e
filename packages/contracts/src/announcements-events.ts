import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, CATEGORIES } from './announcements-api';

/**
 * Events of the announcements context, published on `announcements.events` (keyed by stream id
 * `announcement-<id>`). A published schema version is never edited: a change is a new version.
 */
export const ANNOUNCEMENT_EVENTS = {
  created: 'announcements.announcement.created',
  archived: 'announcements.announcement.archived',
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

/** `announcements.announcement.archived`, schemaVersion 1: no longer active nor listed. */
export const announcementArchivedV1Schema = z.object({
  announcementId: z.uuid(),
  /** `expired`: the archiving period passed. */
  reason: z.enum(['expired']),
  archivedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementArchivedV1 = z.infer<typeof announcementArchivedV1Schema>;

/** Payload schema per (type, schemaVersion). */
export const ANNOUNCEMENT_EVENT_SCHEMAS: Record<string, Record<number, z.ZodType>> = {
  [ANNOUNCEMENT_EVENTS.created]: { 1: announcementCreatedV1Schema },
  [ANNOUNCEMENT_EVENTS.archived]: { 1: announcementArchivedV1Schema },
};
