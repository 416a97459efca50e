/**
 * Azerbaijani-aware case folding for search. Postgres lower()/ILIKE (and the default JS
 * toLowerCase) map I to i, but in Azerbaijani the capital of ı is I and the capital of i is İ:
 * 'PULQABI' must find 'pulqabı'. So: I→ı, İ→i, then the Azerbaijani lower case. Finally dotted
 * and dotless i count as one letter (ı→i): people often type without Azerbaijani letters
 * ('pulqabi') or upper-case Latin names the English way ('NIGAR'), and search should still find
 * them. The stored search column and the query go through this one function, so both sides are
 * always identical.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFC')
    .replace(/I/g, 'ı')
    .replace(/İ/g, 'i')
    .toLocaleLowerCase('az')
    .replace(/ı/g, 'i');
}

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

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
