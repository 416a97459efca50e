import { foldForSearch } from '@tapinti/contracts/text-folding';
import { searchDocumentOf } from '@tapinti/matching/search-document';

type SearchedFields = { title: string; description: string; location: string };

/** The text as typed, case-folded: title, description and location (ranks words as typed first). */
export function searchTextOf(fields: SearchedFields): string {
  return foldForSearch(`${fields.title}\n${fields.description}\n${fields.location}`);
}

/** The read model's search columns of an announcement (migration 014), written with the row. */
export function searchColumnsOf(fields: SearchedFields): {
  search_text: string;
  search_folded: string;
  search_terms: string[];
} {
  const document = searchDocumentOf(fields);
  return { search_text: searchTextOf(fields), search_folded: document.folded, search_terms: document.terms };
}
