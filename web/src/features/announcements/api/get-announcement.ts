import useSWR from 'swr';
import { ANNOUNCEMENT_ENDPOINTS, type AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

export const announcementUrl = (id: string) => apiPath(ANNOUNCEMENT_ENDPOINTS.details.path, { id });

/** GET /api/announcements/:id — details with contact info, for signed-in users. */
export function getAnnouncement(url: string): Promise<AnnouncementDetails> {
  return callEndpoint(ANNOUNCEMENT_ENDPOINTS.details, { url });
}

export function useAnnouncement(id: string | null) {
  return useSWR<AnnouncementDetails>(id ? announcementUrl(id) : null, getAnnouncement);
}
