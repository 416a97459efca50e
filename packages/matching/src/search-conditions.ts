import { containsPattern } from '@tapinti/platform/sql-like';
import { MATCH_TIERS, type SearchWord } from './search-document';

/**
 * The SQL of the board's search and filters, over the search columns an announcement's row carries
 * (`search_text`, `search_folded`, `search_terms` from `searchDocumentOf`, `category`,
 * `reward_amount`, `place_area`). One pipeline: the announcements service's list, count and map
 * query their read model with it, and the notifications service matches a new announcement against
 * a saved search with the very same conditions over its own copy of those columns (issue 26).
 */

/** One condition of a `where`: SQL with `?` placeholders and their values in order. */
export interface SqlCondition {
  sql: string;
  bindings: Array<string | number>;
}

/** The board's filters a saved search keeps too (not when posted: that is the list's alone). */
export interface BoardSearchFilters {
  /** The search's words (`searchWordsOf`); every one must match, in one of its ways. */
  words: SearchWord[];
  category?: string;
  /** Only those with a reward. */
  rewards?: boolean;
  /** Only those at this gazetteer place or inside it (a district, a city). */
  place?: string;
}

/** `array[?, …]` for these values (knex binds one value per placeholder). */
export const textArray = (values: readonly string[]) => `array[${values.map(() => '?').join(', ')}]::text[]`;

/**
 * One way a search word matches (`MATCH_TIERS`), as an index finds its rows (migration 014): a
 * word of 1–2 letters at the start of a word, a longer one inside the folded text (and, typed with
 * Azerbaijani or Cyrillic letters, inside the text as typed too); another form of it, the concept
 * or place it names, or (5+ letters) a stem one typo away, in the terms array.
 */
export type WordTier = { rank: number } & (
  | { kind: 'typed'; folded: string; typed: string }
  | { kind: 'folded'; folded: string }
  | { kind: 'terms'; terms: string[] }
);

/** The ways a word matches, best first. */
export function wordTiers(word: SearchWord): WordTier[] {
  const tiers: WordTier[] = [];
  if (word.isPrefix) tiers.push({ rank: MATCH_TIERS.typed, kind: 'terms', terms: [word.prefixTerm] });
  else {
    // Typed with Azerbaijani or Cyrillic letters: those written so come first.
    if (word.typed !== word.folded)
      tiers.push({ rank: MATCH_TIERS.typed, kind: 'typed', folded: word.folded, typed: word.typed });
    tiers.push({ rank: MATCH_TIERS.folded, kind: 'folded', folded: word.folded });
    tiers.push({ rank: MATCH_TIERS.form, kind: 'terms', terms: [word.formTerm] });
  }
  if (word.conceptTerms.length > 0)
    tiers.push({ rank: MATCH_TIERS.concept, kind: 'terms', terms: word.conceptTerms });
  if (!word.isPrefix && word.typoTerms.length > 0)
    tiers.push({ rank: MATCH_TIERS.typo, kind: 'terms', terms: word.typoTerms });
  return tiers;
}

const FOLDED_LIKE = `search_folded like ? escape '\\'`;

/** The SQL of one way of matching. */
function tierSql(tier: WordTier): { sql: string; bindings: string[] } {
  switch (tier.kind) {
    case 'typed':
      // The folded text's trigram index finds them; the text as typed then decides.
      return {
        sql: `(${FOLDED_LIKE} and search_text like ? escape '\\')`,
        bindings: [containsPattern(tier.folded), containsPattern(tier.typed)],
      };
    case 'folded':
      return { sql: FOLDED_LIKE, bindings: [containsPattern(tier.folded)] };
    case 'terms':
      return { sql: `search_terms && ${textArray(tier.terms)}`, bindings: tier.terms };
  }
}

/**
 * The rows matching a word in any of these ways, as few index lookups as possible: the folded
 * text once (what is typed is inside what is folded), every term in one array.
 */
export function anyTierSql(tiers: readonly WordTier[]): { sql: string; bindings: string[] } {
  const folded = tiers.find((t) => t.kind === 'folded');
  const typed = tiers.find((t) => t.kind === 'typed');
  const terms = tiers.flatMap((t) => (t.kind === 'terms' ? t.terms : []));
  const parts = [
    ...(folded ? [tierSql(folded)] : typed ? [tierSql(typed)] : []),
    ...(terms.length > 0 ? [tierSql({ rank: 0, kind: 'terms', terms })] : []),
  ];
  return { sql: `(${parts.map((p) => p.sql).join(' or ')})`, bindings: parts.flatMap((p) => p.bindings) };
}

/** Where a search word matches, in any way. */
function wordMatch(word: SearchWord): { sql: string; bindings: string[] } {
  return anyTierSql(wordTiers(word));
}

/** How well a row matches one word (`MATCH_TIERS`, lower is better), for the rows it matches. */
function wordRank(word: SearchWord): { sql: string; bindings: string[] } {
  const tiers = wordTiers(word).filter((t) => t.rank !== MATCH_TIERS.typo);
  const cases = tiers.map(tierSql);
  return {
    sql: `case ${cases.map((c, i) => `when ${c.sql} then ${tiers[i]!.rank}`).join(' ')} else ${MATCH_TIERS.typo} end`,
    bindings: cases.flatMap((c) => c.bindings),
  };
}

/** A search's rank of a row: the sum of its words' (0: every word as typed). */
export function searchRank(words: SearchWord[]): { sql: string; bindings: string[] } {
  const parts = words.map(wordRank);
  return { sql: `(${parts.map((p) => p.sql).join(' + ')})`, bindings: parts.flatMap((p) => p.bindings) };
}

/** The conditions a row must meet to be listed under these filters. */
export function boardFilterConditions(filters: BoardSearchFilters): SqlCondition[] {
  return [
    ...(filters.category ? [{ sql: 'category = ?', bindings: [filters.category] }] : []),
    ...(filters.rewards ? [{ sql: 'reward_amount > 0', bindings: [] }] : []),
    ...(filters.place ? [{ sql: 'place_area @> array[?]::text[]', bindings: [filters.place] }] : []),
    ...filters.words.map(wordMatch),
  ];
}
