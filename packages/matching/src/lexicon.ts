import lexiconData from '../data/lexicon.json';
import { PhraseIndex, type PhraseHit } from './phrase-index';
import { wordsOf, type NormalisedWord } from './word-normalisation';

export type ConceptKind = 'item' | 'brand' | 'colour' | 'attribute';

/** One entry of data/lexicon.json: a thing, brand, colour or attribute and its words in AZ/RU/EN. */
export interface Concept {
  id: string;
  kind: ConceptKind;
  /** The Azerbaijani word reasons show ('pulqabı'). */
  label: string;
  /** Items: the kind of thing it is; items with one `broader` are related (backpack, bag). */
  broader?: string;
  /** Brands: the maker; iPhone and AirPods share 'apple'. */
  family?: string;
  /** Brands: the item the brand names by itself ('ayfon' is a phone). */
  item?: string;
  words: string[];
}

const concepts = lexiconData.concepts as Concept[];

export const CONCEPTS: ReadonlyMap<string, Concept> = new Map(concepts.map((c) => [c.id, c]));

const conceptIndex = new PhraseIndex(concepts.map((concept) => ({ names: concept.words, entry: concept })));

/** Keys of words that say nothing about the item: lost/found verbs, function words, 'metro'. */
export const STOPWORD_KEYS: ReadonlySet<string> = new Set(
  lexiconData.stopwords.flatMap((word) => wordsOf(word).map((w) => w.key)),
);

/** The lexicon's concepts named in a text's words, in order (longest names first). */
export function conceptsIn(words: readonly NormalisedWord[]): Array<PhraseHit<Concept>> {
  return conceptIndex.find(words);
}

/** The concept a word or phrase names, if any: 'ACARLAR' and 'açarlar' → 'key', 'Самсунг' → 'samsung'. */
export function conceptOf(text: string): string | undefined {
  const words = wordsOf(text);
  const hits = conceptsIn(words);
  return hits.length === 1 && hits[0]!.start === 0 && hits[0]!.end === words.length
    ? hits[0]!.entry.id
    : undefined;
}
