import type { PlaceSummary } from '@tapinti/contracts/announcements-api';
import { PLACES, type Place } from '@tapinti/matching/gazetteer';

/** A place as the API shows it. */
export function placeSummaryOf(place: Place): PlaceSummary {
  return { id: place.id, kind: place.kind, name: place.label, nameEn: place.en, nameRu: place.ru };
}

/** The place of a stored id (null for none, or for an id the gazetteer no longer has). */
export function placeSummaryById(id: string | null): PlaceSummary | null {
  const place = id === null ? undefined : PLACES.get(id);
  return place ? placeSummaryOf(place) : null;
}
