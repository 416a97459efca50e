/**
 * Azerbaijani-aware case folding: I→ı, İ→i, then the Azerbaijani lower case (Postgres lower()
 * and ILIKE would map I to i), then dotted and dotless i as one letter, so 'PULQABI', 'pulqabi'
 * and 'NIGAR' find 'pulqabı' and 'nigar'. Stored search text and queries both go through this
 * function. Same rule as the announcements service's `foldForSearch`.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFC')
    .replace(/I/g, 'ı')
    .replace(/İ/g, 'i')
    .toLocaleLowerCase('az')
    .replace(/ı/g, 'i');
}

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const searchTextOf = (...parts: Array<string | null | undefined>) =>
  foldForSearch(parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join('\n'));
