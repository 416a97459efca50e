import useSWR from 'swr';
import { ANNOUNCEMENT_ENDPOINTS, type PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

/** GET /api/announcements/:id/public — what anyone may see of a listed announcement (no contact). */
export function usePublicAnnouncement(id: string) {
  return useSWR<PublicAnnouncement>(
    apiPath(ANNOUNCEMENT_ENDPOINTS.publicDetails.path, { id }),
    (url: string) => callEndpoint(ANNOUNCEMENT_ENDPOINTS.publicDetails, { url }),
  );
}
