import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import {
  ANNOUNCEMENT_ENDPOINTS,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type PublicAnnouncement,
} from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { throwIfNotOk } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export interface AnnouncementFilters {
  search?: string;
  category?: string;
  /** Only those with a reward (`rewards=1`). */
  rewardsOnly?: boolean;
  /** A gazetteer place's id: those at it or inside it. */
  place?: string;
  /** '24h', '7d' or '30d'. */
  posted?: string;
  /** Baku days `YYYY-MM-DD`. */
  from?: string;
  to?: string;
  /** How many one answer carries (the server's default: 200). */
  limit?: number;
}

/** GET /api/announcements: `search` only if non-empty, `category` only if non-empty and not 'all' (spec §7). */
export function announcementsUrl({
  search,
  category,
  rewardsOnly,
  place,
  posted,
  from,
  to,
  limit,
}: AnnouncementFilters = {}): string {
  return apiPath(
    ANNOUNCEMENT_ENDPOINTS.list.path,
    {},
    {
      search: search?.trim(),
      category: category === 'all' ? undefined : category,
      rewards: rewardsOnly ? 1 : undefined,
      place,
      posted,
      from,
      to,
      limit,
    },
  );
}

export function getAnnouncements(url: string): Promise<PublicAnnouncement[]> {
  return callEndpoint(ANNOUNCEMENT_ENDPOINTS.list, { url });
}

export function useAnnouncements(filters: AnnouncementFilters = {}) {
  return useSWR<PublicAnnouncement[]>(announcementsUrl(filters), getAnnouncements);
}

/** One page of the list, how many match the filters on all pages, and the next page's URL. */
export interface AnnouncementPage {
  announcements: PublicAnnouncement[];
  total: number;
  /** The server counted only up to its cap: `total` is "at least" (`X-Total-Count-Capped`). */
  totalCapped: boolean;
  next: string | null;
}

/** The URL of `Link: <…>; rel="next"`, or null on the last page. */
export function nextPageUrl(link: string | null): string | null {
  return link?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;
}

export async function getAnnouncementPage(url: string): Promise<AnnouncementPage> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'include' });
  await throwIfNotOk(res);
  const announcements = ANNOUNCEMENT_ENDPOINTS.list.response.schema.parse(await res.json());
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return {
    announcements,
    total: Number.isFinite(total) ? total : announcements.length,
    totalCapped: res.headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true',
    next: nextPageUrl(res.headers.get('Link')),
  };
}

/** The list page by page: each next page from the previous answer's `Link` header. */
export function useAnnouncementPages(filters: AnnouncementFilters) {
  const first = announcementsUrl(filters);
  const pages = useSWRInfinite<AnnouncementPage>(
    (index, previous: AnnouncementPage | null) => (index === 0 ? first : (previous?.next ?? null)),
    getAnnouncementPage,
    { revalidateFirstPage: false },
  );
  const loaded = pages.data;
  const last = loaded?.[loaded.length - 1];
  return {
    announcements: loaded?.flatMap((p) => p.announcements),
    total: loaded?.[0]?.total,
    totalCapped: loaded?.[0]?.totalCapped ?? false,
    hasMore: !!last?.next,
    isLoadingMore: pages.isValidating && !!loaded && pages.size > loaded.length,
    loadMore: () => void pages.setSize((size) => size + 1),
    error: pages.error as unknown,
    isLoading: pages.isLoading,
    retry: () => void pages.mutate(),
  };
}
