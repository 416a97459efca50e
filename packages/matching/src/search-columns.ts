import { foldForSearch } from '@tapinti/contracts/text-folding';
import { areaOf, placeOf } from './gazetteer';
import { searchDocumentOf } from './search-document';

type SearchedFields = { title: string; description: string; location: string };

/** The text as typed, case-folded: title, description and location (ranks words as typed first). */
export function searchTextOf(fields: SearchedFields): string {
  return foldForSearch(`${fields.title}\n${fields.description}\n${fields.location}`);
}

/**
 * The search columns of an announcement, written with its row: the announcements read model's
 * (migration 014) and the notifications service's copy of new announcements a saved search may match.
 */
export function searchColumnsOf(fields: SearchedFields): {
  search_text: string;
  search_folded: string;
  search_terms: string[];
} {
  const document = searchDocumentOf(fields);
  return { search_text: searchTextOf(fields), search_folded: document.folded, search_terms: document.terms };
}

/**
 * The place columns of an announcement (issue 24): the gazetteer place its location names, when it
 * names one ('м. Азизбекова' → Koroğlu), and that place with every district or city it lies in,
 * which the place filter looks up (a district finds its stations).
 */
export function placeColumnsOf(fields: { location: string }): {
  place_id: string | null;
  place_area: string[];
} {
  const place = placeOf(fields.location);
  return { place_id: place?.id ?? null, place_area: place ? areaOf(place) : [] };
}
