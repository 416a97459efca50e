import useSWR from 'swr';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { apiGet } from '../../../lib/api-client';
import { announcementListSchema } from './announcement-schema';

export const MY_ANNOUNCEMENTS_KEY = '/api/announcements/my';

/** GET /api/announcements/my — the signed-in user's own announcements. */
export function getMyAnnouncements(): Promise<PublicAnnouncement[]> {
  return apiGet(MY_ANNOUNCEMENTS_KEY, announcementListSchema);
}

export function useMyAnnouncements() {
  return useSWR<PublicAnnouncement[]>(MY_ANNOUNCEMENTS_KEY, getMyAnnouncements);
}
