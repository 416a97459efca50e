import { foldedWordsOf } from '@tapinti/text/search-folding';
import type { VenueDistrict, VenueSummary } from '@tapinti/contracts/venue-summary';

/** The picker's filters: a name typed any way, a type ('' all), a district's id ('' all). */
export interface VenueFilter {
  name: string;
  type: string;
  district: string;
}

/**
 * The venues a filter shows, by name: each typed word starts a word of the venue's name, whatever
 * the letters ('deniz mall', 'Dəniz' and 'дениз' find «Dəniz Mall»); type and district match exactly.
 */
export function filterVenues(venues: readonly VenueSummary[], filter: VenueFilter): VenueSummary[] {
  const wanted = foldedWordsOf(filter.name);
  return venues
    .filter((v) => !filter.type || v.type === filter.type)
    .filter((v) => !filter.district || v.district?.id === filter.district)
    .filter((v) => {
      if (wanted.length === 0) return true;
      const words = foldedWordsOf(v.name);
      return wanted.every((w) => words.some((word) => word.startsWith(w)));
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'az'));
}

/** The districts the venues are in, once each, by Azerbaijani name: the district filter's choices. */
export function districtsOf(venues: readonly VenueSummary[]): VenueDistrict[] {
  const districts = new Map(
    venues.flatMap((v) => (v.district ? [[v.district.id, v.district] as const] : [])),
  );
  return [...districts.values()].sort((a, b) => a.name.localeCompare(b.name, 'az'));
}
