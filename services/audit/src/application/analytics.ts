import {
  SEARCH_MIN_LENGTH,
  type Kpis,
  type KpisQuery,
  type SearchQuery,
  type SearchResults,
} from '@tapinti/contracts/analytics-api';
import { NOTIFICATION_RANGE_DAYS } from '@tapinti/contracts/notifications-api';
import { foldForSearch } from '@tapinti/contracts/text-folding';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { readKpis, searchAnnouncements, searchOrganizations, searchUsers } from '../store/analytics';

/** The analytics queries behind GET /api/analytics/kpis and GET /api/search. */
export function createAnalytics(context: ServiceContext) {
  const { knex } = context;
  return {
    kpis({ range }: KpisQuery): Promise<Kpis> {
      const days = NOTIFICATION_RANGE_DAYS[range];
      return readKpis(knex, days === null ? undefined : new Date(Date.now() - days * 24 * 3600 * 1000));
    },

    /** Up to 3 per group asked for; nothing for queries of 2 characters or fewer. */
    async search({ q, type }: SearchQuery): Promise<SearchResults> {
      if ([...q].length < SEARCH_MIN_LENGTH) return { organizations: [], announcements: [], users: [] };
      const folded = foldForSearch(q);
      const wants = (group: keyof SearchResults) => type === 'all' || type === group;
      const [organizations, announcements, users] = await Promise.all([
        wants('organizations') ? searchOrganizations(knex, folded) : [],
        wants('announcements') ? searchAnnouncements(knex, folded) : [],
        wants('users') ? searchUsers(knex, folded) : [],
      ]);
      return { organizations, announcements, users };
    },
  };
}
export type Analytics = ReturnType<typeof createAnalytics>;
