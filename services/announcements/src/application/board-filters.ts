import { PLACE_MESSAGES, POSTED_WITHIN_MS } from '@tapinti/contracts/announcements-api';
import type { AnnouncementMapQuery } from '@tapinti/contracts/board-map-api';
import { addDays, startOfBakuDay } from '@tapinti/contracts/baku-calendar';
import { PLACES } from '@tapinti/matching/gazetteer';
import { searchWordsOf } from '@tapinti/matching/search-document';
import type { Knex } from '@tapinti/platform/db';
import { ValidationError } from '@tapinti/platform/errors';
import { withKnownTypos, type PublicListFilters } from '../store/queries';

/**
 * The board's filters as the store reads them, the list's and the map's alike: the search's words
 * (with the typo stems some announcement has), category, rewards, a known place (else 400) and when posted.
 */
export async function boardFiltersOf(
  knex: Knex,
  query: AnnouncementMapQuery,
  now: Date,
): Promise<PublicListFilters> {
  if (query.place && !PLACES.has(query.place)) throw new ValidationError(PLACE_MESSAGES.unknown, 'place');
  return {
    words: await withKnownTypos(knex, searchWordsOf(query.search)),
    category: query.category,
    rewards: query.rewards,
    place: query.place,
    ...postedBetween(query, now),
  };
}

/**
 * The date filter as instants: the last 24 hours, 7 or 30 days before `now`, and from the start of
 * Baku day `from` to the end of Baku day `to` (both count when both are given).
 */
function postedBetween(
  query: Pick<AnnouncementMapQuery, 'posted' | 'from' | 'to'>,
  now: Date,
): { postedFrom?: Date; postedBefore?: Date } {
  const starts = [
    ...(query.posted ? [now.getTime() - POSTED_WITHIN_MS[query.posted]] : []),
    ...(query.from ? [startOfBakuDay(query.from).getTime()] : []),
  ];
  return {
    ...(starts.length > 0 ? { postedFrom: new Date(Math.max(...starts)) } : {}),
    ...(query.to ? { postedBefore: startOfBakuDay(addDays(query.to, 1)) } : {}),
  };
}
