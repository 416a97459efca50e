import useSWR from 'swr';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { apiGet } from '../../../lib/api-client';
import { announcementListSchema } from './announcement-schema';

export interface AnnouncementFilters {
  search?: string;
  category?: string;
}

/** GET /api/announcements: `search` only if non-empty, `category` only if non-empty and not 'all' (spec §7). */
export function announcementsUrl({ search, category }: AnnouncementFilters = {}): string {
  const params = new URLSearchParams();
  const text = search?.trim();
  if (text) params.set('search', text);
  if (category && category !== 'all') params.set('category', category);
  const query = params.toString();
  return query ? `/api/announcements?${query}` : '/api/announcements';
}

export function getAnnouncements(url: string): Promise<PublicAnnouncement[]> {
  return apiGet(url, announcementListSchema);
}

export function useAnnouncements(filters: AnnouncementFilters = {}) {
  return useSWR<PublicAnnouncement[]>(announcementsUrl(filters), getAnnouncements);
}
