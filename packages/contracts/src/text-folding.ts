/**
 * Azerbaijani case folding. Postgres lower()/ILIKE and the default JS toLowerCase map I to i,
 * but in Azerbaijani the capital of ı is I and the capital of i is İ ('PULQABI' is 'pulqabı').
 * So: I→ı, İ→i, then the Azerbaijani lower case. Both sides of any comparison go through it.
 */
export function foldCase(text: string): string {
  return text.normalize('NFC').replace(/I/g, 'ı').replace(/İ/g, 'i').toLocaleLowerCase('az');
}

/**
 * Folding for search: as `foldCase`, and then dotted and dotless i count as one letter, because
 * people often type without Azerbaijani letters ('pulqabi') or upper-case Latin names the
 * English way ('NIGAR'), and search should still find them.
 */
export function foldForSearch(text: string): string {
  return foldCase(text).replace(/ı/g, 'i');
}
