import useSWR from 'swr';
import { ANNOUNCEMENT_ENDPOINTS, type AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';

export const MY_ANNOUNCEMENTS_KEY = ANNOUNCEMENT_ENDPOINTS.my.path;

/** GET /api/announcements/my — the signed-in user's own announcements, with their details. */
export function getMyAnnouncements(): Promise<AnnouncementDetails[]> {
  return callEndpoint(ANNOUNCEMENT_ENDPOINTS.my);
}

export function useMyAnnouncements() {
  return useSWR<AnnouncementDetails[]>(MY_ANNOUNCEMENTS_KEY, getMyAnnouncements);
}
