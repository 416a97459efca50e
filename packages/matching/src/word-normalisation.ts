import { foldCase } from '@tapinti/contracts/text-folding';
import gazetteerData from '../data/gazetteer.json';
import lexiconData from '../data/lexicon.json';
import { foldToAscii } from '@tapinti/contracts/ascii-folding';
import { hasCyrillic, transliterateCyrillic } from '@tapinti/text/cyrillic-transliteration';
import { foldLetters } from '@tapinti/text/search-folding';
import { stemAzerbaijani, stemRussian } from './stemming';

/** One word of a text: as written (case-folded) and its normalised key. */
export interface NormalisedWord {
  /** Case-folded as written: what a reason shows ('qara', 'кошелёк'). */
  surface: string;
  /** Folded, transliterated, ASCII-folded and stemmed: what comparisons use ('qar', 'koselek'). */
  key: string;
}

/** Letters only in Azerbaijani Cyrillic: such a word is Azerbaijani, not Russian. */
const AZERBAIJANI_CYRILLIC = /[әғһјөүҹҝ]/u;

/**
 * Latin words of the lexicon and gazetteer, unstemmed: where the Azerbaijani stemmer stops. Of the
 * lexicon, one-word names only: in 'maşın açarı' or 'kürək çantası' the second word is inflected,
 * and knowing it would keep a lone 'açarı' or 'çantası' from being the key or the bag.
 */
const KNOWN_WORDS: ReadonlySet<string> = new Set(
  [
    ...lexiconData.concepts.flatMap((c) => c.words.filter((word) => !/\s/.test(word.trim()))),
    ...lexiconData.stopwords,
    ...gazetteerData.places.flatMap((p) => p.names),
  ]
    .filter((name) => !hasCyrillic(name))
    .flatMap((name) => foldCase(name).match(/[\p{L}\p{N}]+/gu) ?? [])
    .map(foldToAscii),
);
const isKnownWord = (stem: string) => KNOWN_WORDS.has(stem);

const keyCache = new Map<string, string>();
const KEY_CACHE_LIMIT = 50_000;

/**
 * The key of one case-folded word: a Russian word is stemmed in Cyrillic then transliterated;
 * an Azerbaijani (Latin or Cyrillic) or English word is transliterated, ASCII-folded, then
 * stemmed with the Azerbaijani suffixes.
 */
export function normaliseWord(foldedWord: string): string {
  const cached = keyCache.get(foldedWord);
  if (cached !== undefined) return cached;
  let key: string;
  if (hasCyrillic(foldedWord) && !AZERBAIJANI_CYRILLIC.test(foldedWord)) {
    key = foldToAscii(transliterateCyrillic(stemRussian(foldedWord)));
  } else {
    key = stemAzerbaijani(foldLetters(foldedWord), isKnownWord);
  }
  if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
  keyCache.set(foldedWord, key);
  return key;
}

/**
 * The words of a text, in order: Azerbaijani case folding (I → ı, İ → i), split on anything
 * that is not a letter or digit, then `normaliseWord`.
 */
export function wordsOf(text: string): NormalisedWord[] {
  const words = foldCase(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((surface) => ({ surface, key: normaliseWord(surface) }));
}
