import type { PlaceSummary } from '@tapinti/contracts/announcements-api';
import { areaOf, placeOf, PLACES, type Place } from '@tapinti/matching/gazetteer';

/**
 * The read model's place columns of an announcement (migration 015, issue 24): the gazetteer place
 * its location names, when it names one ('м. Азизбекова' → Koroğlu), and that place with every
 * district or city it lies in, which the place filter looks up (a district finds its stations).
 */
export function placeColumnsOf(fields: { location: string }): {
  place_id: string | null;
  place_area: string[];
} {
  const place = placeOf(fields.location);
  return { place_id: place?.id ?? null, place_area: place ? areaOf(place) : [] };
}

/** A place as the API shows it. */
export function placeSummaryOf(place: Place): PlaceSummary {
  return { id: place.id, kind: place.kind, name: place.label, nameEn: place.en, nameRu: place.ru };
}

/** The place of a stored id (null for none, or for an id the gazetteer no longer has). */
export function placeSummaryById(id: string | null): PlaceSummary | null {
  const place = id === null ? undefined : PLACES.get(id);
  return place ? placeSummaryOf(place) : null;
}
