import { stemmer as snowballRussian } from '@orama/stemmers/russian';

/**
 * Common Azerbaijani suffixes, written ASCII-folded (stemming runs after `foldToAscii`, so -lar
 * and -lər, -dı and -di each collapse to one form). Plural, possessive, case, copula, past and
 * participle endings, and -lı/-li ('breloklu' → 'brelok'). Longest first. No -ta/-tı: Azerbaijani
 * writes -da/-dı after any consonant, and 'kartı' must stay 'kart'.
 */
const AZERBAIJANI_SUFFIXES = `
  larindan lerinden larinda lerinde larini lerini larin lerin lardan lerden larda lerde lari
  leri lara lere lar ler imiz iniz umuz unuz ndan nden nda nde dan den nin nun mis mus dim
  dum dik duk diq duq din dun dir dur yib yub yla yle siz suz da de in un ni nu na ne ya ye
  si su im um am em di du ib ub li lu la le a e i u m
`
  .trim()
  .split(/\s+/)
  .sort((a, b) => b.length - a.length);

/** A stem keeps at least this many letters, so short roots ('qab', 'acar') are not eaten. */
const MIN_STEM = 3;
/** Suffixes stack ('metro-su-nun', 'acar-lar-i-mi'); four rounds cover the common chains. */
const MAX_ROUNDS = 4;

/**
 * Strips common Azerbaijani suffixes from an ASCII-folded word: 'acarlar' → 'acar',
 * 'tapildi' → 'tapil', 'itirdim' → 'itir', 'metrosunun' → 'metro'. Aggressive on purpose: both
 * sides of a comparison (and every lexicon and gazetteer entry) go through the same function,
 * so an over-short stem still compares equal to itself. Words with digits stay as they are.
 *
 * `isKnown` (the lexicon's and gazetteer's own words) settles what suffix rules cannot: a known
 * word is not stemmed further, and a shorter suffix that leaves a known word wins over a longer
 * one ('ayfonu' is 'ayfon' + 'u', not 'ayfo' + 'nu').
 */
export function stemAzerbaijani(word: string, isKnown: (stem: string) => boolean = () => false): string {
  if (/\d/.test(word)) return word;
  let stem = word;
  for (let round = 0; round < MAX_ROUNDS && !isKnown(stem); round++) {
    const strippable = AZERBAIJANI_SUFFIXES.filter(
      (s) => stem.endsWith(s) && stem.length - s.length >= MIN_STEM,
    );
    if (strippable.length === 0) break;
    const suffix = strippable.find((s) => isKnown(stem.slice(0, -s.length))) ?? strippable[0]!;
    stem = stem.slice(0, -suffix.length);
  }
  return stem;
}

/**
 * Light Russian stemming (Snowball): 'кошелька' → 'кошельк', 'ключи' → 'ключ', 'найдена' → 'найд'.
 * Runs on the Cyrillic word, before transliteration; ё counts as е.
 */
export function stemRussian(word: string): string {
  if (/\d/.test(word)) return word;
  return snowballRussian(word.replace(/ё/g, 'е'));
}
