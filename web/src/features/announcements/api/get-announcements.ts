import useSWR from 'swr';
import { ANNOUNCEMENT_ENDPOINTS, type PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

export interface AnnouncementFilters {
  search?: string;
  category?: string;
}

/** GET /api/announcements: `search` only if non-empty, `category` only if non-empty and not 'all' (spec §7). */
export function announcementsUrl({ search, category }: AnnouncementFilters = {}): string {
  return apiPath(
    ANNOUNCEMENT_ENDPOINTS.list.path,
    {},
    {
      search: search?.trim(),
      category: category === 'all' ? undefined : category,
    },
  );
}

export function getAnnouncements(url: string): Promise<PublicAnnouncement[]> {
  return callEndpoint(ANNOUNCEMENT_ENDPOINTS.list, { url });
}

export function useAnnouncements(filters: AnnouncementFilters = {}) {
  return useSWR<PublicAnnouncement[]>(announcementsUrl(filters), getAnnouncements);
}
