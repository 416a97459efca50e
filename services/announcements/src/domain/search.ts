import { foldForSearch } from '@tapinti/contracts/text-folding';

/** The folded text an announcement is found by: title, description and location. */
export function searchTextOf(fields: { title: string; description: string; location: string }): string {
  return foldForSearch(`${fields.title}\n${fields.description}\n${fields.location}`);
}

export const MAX_SEARCH_TERMS = 8;

/**
 * The folded words of a query; an announcement matches when every word occurs in its search
 * text (so 'qara pulqabı' finds 'Pulqabı, qara dəri'). Empty when there is nothing to search.
 */
export function searchTermsOf(query: string | undefined): string[] {
  if (!query) return [];
  const words = foldForSearch(query)
    .split(/\s+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}
