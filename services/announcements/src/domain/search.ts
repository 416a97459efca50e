import { foldForSearch } from '@tapinti/contracts/text-folding';

/** The folded text an announcement is found by: title, description and location. */
export function searchTextOf(fields: { title: string; description: string; location: string }): string {
  return foldForSearch(`${fields.title}\n${fields.description}\n${fields.location}`);
}

export const MAX_SEARCH_TERMS = 8;

/**
 * Terms up to this many characters have no trigram for the index to use: they match the start of
 * a word (`search_word_prefixes`, migration 006) rather than anywhere, so 'ip' finds 'iPhone'.
 */
export const MAX_WORD_PREFIX_TERM_LENGTH = 2;

/** What separates words in `search_word_prefixes` besides whitespace (Postgres' `[:punct:]`). */
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/gu;

export const isWordPrefixTerm = (term: string) => [...term].length <= MAX_WORD_PREFIX_TERM_LENGTH;

/**
 * The folded words of a query; an announcement matches when every word occurs in its search
 * text (so 'qara pulqabı' finds 'Pulqabı, qara dəri'), a word of 1–2 characters at the start of
 * one of its words. Empty when there is nothing to search.
 */
export function searchTermsOf(query: string | undefined): string[] {
  if (!query) return [];
  const words = foldForSearch(query)
    .split(/\s+/u)
    // A short word is looked up among word starts, which never hold punctuation ('8,' is '8').
    .map((w) => (isWordPrefixTerm(w) ? w.replace(ASCII_PUNCTUATION, '') : w))
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}
