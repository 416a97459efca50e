import { foldForSearch } from '@tapinti/contracts/text-folding';
import { foldLetters } from '@tapinti/text/search-folding';
import { placesIn } from './gazetteer';
import { conceptsIn } from './lexicon';
import { wordsOf, type NormalisedWord } from './word-normalisation';

/**
 * Search reads text as matching does (`wordsOf`: Azerbaijani case folding, Cyrillic → Latin,
 * ASCII folding, stemming; the lexicon's concepts and the gazetteer's places), so 'canta',
 * 'ÇANTA', 'çantamı', 'сумка' and 'bag' all find 'Qara çanta'. A document is what a database
 * indexes of a text; a query is what it looks up, word by word, with how well each way matches.
 */

/** Words of this many letters or fewer match the start of a word (no trigram to look up inside). */
export const MAX_PREFIX_WORD_LENGTH = 2;
/** A one-letter typo counts only in words this long ('kurek' → 'kürək', not 'qar' → 'qara'). */
export const MIN_TYPO_WORD_LENGTH = 5;
/** At most this many words of a query are looked up. */
export const MAX_QUERY_WORDS = 8;

/** Tags of `SearchDocument.terms`: what kind of thing each one is. */
const PREFIX = 'a:';
const STEM = 's:';
const CONCEPT = 'c:';
const PLACE = 'g:';

export interface SearchDocument {
  /** Every word `foldLetters`-folded, one space between: for substring search ('pulqa' in 'pulqabı'). */
  folded: string;
  /** Word starts (1–2 letters), stems, concept and place ids, tagged: for an array (GIN) index. */
  terms: string[];
}

const charactersOf = (word: string) => [...word];

/** Concept and place terms a text's words name (places first: 'Metro Park' is no park). */
function namedTerms(words: readonly NormalisedWord[]): Array<{ start: number; end: number; term: string }> {
  const placeHits = placesIn(words);
  const taken = new Array<boolean>(words.length).fill(false);
  for (const hit of placeHits) for (let i = hit.start; i < hit.end; i++) taken[i] = true;
  const rest = words.map((word, i) => ({ word, i })).filter(({ i }) => !taken[i]);
  const conceptHits = conceptsIn(rest.map(({ word }) => word));
  return [
    ...placeHits.map((hit) => ({ start: hit.start, end: hit.end, term: PLACE + hit.entry.id })),
    ...conceptHits.flatMap((hit) => {
      const start = rest[hit.start]!.i;
      const end = rest[hit.end - 1]!.i + 1;
      // A brand names its item too ('iPhone' is a phone), so 'telefon' finds it.
      const ids = [hit.entry.id, ...(hit.entry.kind === 'brand' && hit.entry.item ? [hit.entry.item] : [])];
      return ids.map((id) => ({ start, end, term: CONCEPT + id }));
    }),
  ];
}

/** The search document of an announcement's texts (each field read on its own: names never span two). */
export function searchDocumentOf(fields: {
  title: string;
  description: string;
  location: string;
}): SearchDocument {
  const folded: string[] = [];
  const terms = new Set<string>();
  for (const text of [fields.title, fields.description, fields.location]) {
    const words = wordsOf(text);
    for (const word of words) {
      const letters = charactersOf(foldLetters(word.surface));
      folded.push(letters.join(''));
      for (let n = 1; n <= Math.min(MAX_PREFIX_WORD_LENGTH, letters.length); n++)
        terms.add(PREFIX + letters.slice(0, n).join(''));
      terms.add(STEM + word.key);
    }
    for (const { term } of namedTerms(words)) terms.add(term);
  }
  return { folded: folded.join(' '), terms: [...terms].sort() };
}

/** How one query word matches a document, best first (a query's rank is the sum over its words). */
export const MATCH_TIERS = { typed: 0, folded: 1, form: 2, concept: 3, typo: 4 } as const;

/** One word of a query and the ways it may match. */
export interface SearchWord {
  /** As typed, case-folded (`foldForSearch`, the `search_text` column): 'çanta'. */
  typed: string;
  /** `foldLetters`-folded: 'canta'. */
  folded: string;
  /** 1–2 letters: matches the start of a word (`prefixTerm`), not anywhere. */
  isPrefix: boolean;
  /** The start-of-word term of a short word ('a:ip'). */
  prefixTerm: string;
  /** The stem's term: another form of the word ('çantamı' → 's:canta'). */
  formTerm: string;
  /** The concepts and places the word names, in any language ('сумка', 'bag' → 'c:bag'). */
  conceptTerms: string[];
  /** Stems one letter away (a typo), for words of 5+ letters. */
  typoTerms: string[];
}

/** Whether a document term is a stem (what `SearchWord.typoTerms` are compared with). */
export const isStemTerm = (term: string) => term.startsWith(STEM);

/** The words with only those typo terms some document has (`existing`, looked up by the caller). */
export function withTyposIn(words: readonly SearchWord[], existing: ReadonlySet<string>): SearchWord[] {
  return words.map((word) => ({ ...word, typoTerms: word.typoTerms.filter((t) => existing.has(t)) }));
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every word one edit away: a letter left out, swapped with the next, replaced or added. */
export function oneEditAway(word: string): string[] {
  const letters = charactersOf(word);
  const variants = new Set<string>();
  for (let i = 0; i <= letters.length; i++) {
    const before = letters.slice(0, i).join('');
    const after = letters.slice(i).join('');
    for (const letter of LETTERS) variants.add(before + letter + after);
    if (i === letters.length) continue;
    const rest = letters.slice(i + 1).join('');
    variants.add(before + rest);
    for (const letter of LETTERS) variants.add(before + letter + rest);
    if (i + 1 < letters.length)
      variants.add(before + letters[i + 1] + letters[i] + letters.slice(i + 2).join(''));
  }
  variants.delete(word);
  return [...variants];
}

/**
 * The words of a search query (split as texts are: at anything that is not a letter or digit, so
 * '%', quotes and emoji are no words), each with the ways it may match. Empty when there is
 * nothing to search.
 */
export function searchWordsOf(query: string | undefined): SearchWord[] {
  if (!query) return [];
  const words = wordsOf(query);
  const conceptTerms = words.map(() => new Set<string>());
  for (const { start, end, term } of namedTerms(words))
    for (let i = start; i < end; i++) conceptTerms[i]!.add(term);
  const byFolded = new Map<string, SearchWord>();
  words.forEach((word, i) => {
    const folded = foldLetters(word.surface);
    if (byFolded.has(folded) || byFolded.size >= MAX_QUERY_WORDS) return;
    const letters = charactersOf(folded);
    const canHaveTypo = letters.length >= MIN_TYPO_WORD_LENGTH && /^[a-z]+$/.test(folded);
    const typoStems = canHaveTypo
      ? new Set([...oneEditAway(folded), ...oneEditAway(word.key)])
      : new Set<string>();
    typoStems.delete(word.key);
    byFolded.set(folded, {
      typed: foldForSearch(word.surface),
      folded,
      isPrefix: letters.length <= MAX_PREFIX_WORD_LENGTH,
      prefixTerm: PREFIX + folded,
      formTerm: STEM + word.key,
      conceptTerms: [...conceptTerms[i]!].sort(),
      typoTerms: [...typoStems].map((stem) => STEM + stem),
    });
  });
  return [...byFolded.values()];
}
