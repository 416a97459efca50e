import useSWR from 'swr';
import { ANNOUNCEMENT_ENDPOINTS, type AnnouncementMatch } from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

export const announcementMatchesUrl = (id: string) => apiPath(ANNOUNCEMENT_ENDPOINTS.matches.path, { id });

/** GET /api/announcements/:id/matches — best first, at most 10 (its author and managers only). */
export function useAnnouncementMatches(id: string | null) {
  return useSWR<AnnouncementMatch[]>(id ? announcementMatchesUrl(id) : null, (url: string) =>
    callEndpoint(ANNOUNCEMENT_ENDPOINTS.matches, { url }),
  );
}
