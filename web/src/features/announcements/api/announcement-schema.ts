import { z } from 'zod';
import {
  ANNOUNCEMENT_STATUSES,
  ANNOUNCEMENT_TYPES,
  CATEGORIES,
  type AnnouncementDetails,
  type PublicAnnouncement,
} from '@tapinti/contracts/announcements-api';

const nullableText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

// One object for the fields both shapes share, so details cannot drift from the list's parsing.
const publicAnnouncementObject = z.object({
  id: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  category: z.enum(CATEGORIES).catch('other'),
  roomNumber: nullableText,
  imageUrl: nullableText,
  rewardAmount: z.coerce.number().catch(0),
  rewardDescription: nullableText,
  status: z.enum(ANNOUNCEMENT_STATUSES).catch('open'),
  organizationId: nullableText,
  createdAt: z.string(),
});

/** An announcement as listed (read for id, title, description, location, category, reward, date). */
export const publicAnnouncementSchema: z.ZodType<PublicAnnouncement> = publicAnnouncementObject;

export const announcementListSchema = z.array(publicAnnouncementSchema);

export const announcementDetailsSchema: z.ZodType<AnnouncementDetails> = publicAnnouncementObject.extend({
  contactInfo: nullableText,
  userId: z.string(),
  isPublic: z.boolean().catch(true),
  isActive: z.boolean().catch(true),
});

/** SWR keys of every announcement query, so a change can refresh them all. */
export const isAnnouncementKey = (key: unknown): boolean =>
  typeof key === 'string' && key.startsWith('/api/announcements');
