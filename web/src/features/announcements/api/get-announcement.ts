import useSWR from 'swr';
import type { AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import { apiGet } from '../../../lib/api-client';
import { announcementDetailsSchema } from './announcement-schema';

export const announcementUrl = (id: string) => `/api/announcements/${encodeURIComponent(id)}`;

/** GET /api/announcements/:id — details with contact info, for signed-in users. */
export function getAnnouncement(url: string): Promise<AnnouncementDetails> {
  return apiGet(url, announcementDetailsSchema);
}

export function useAnnouncement(id: string | null) {
  return useSWR<AnnouncementDetails>(id ? announcementUrl(id) : null, getAnnouncement);
}
