import { distance } from 'fastest-levenshtein';

const soundCache = new Map<string, string>();
const SOUND_CACHE_LIMIT = 50_000;

/**
 * How a key sounds, roughly: the spellings one sound gets in Azerbaijani, Russian-transliterated
 * and English-style Latin collapse ('Ganjlik' / 'Gənclik', 'Koroghlu' / 'Koroğlu',
 * 'Icherisheher' / 'İçərişəhər', 'Ahmadli' / 'Əhmədli', 'Qara Qarayev' / 'Гара Гараев').
 */
export function soundKey(key: string): string {
  const cached = soundCache.get(key);
  if (cached !== undefined) return cached;
  const sound = key
    .replace(/sh/g, 's')
    .replace(/ch/g, 'c')
    .replace(/zh|dj|dzh/g, 'j')
    .replace(/kh/g, 'x')
    .replace(/gh/g, 'g')
    .replace(/j/g, 'c')
    .replace(/q/g, 'g')
    .replace(/x/g, 'h')
    .replace(/w/g, 'v')
    .replace(/e/g, 'a')
    .replace(/y(?=[aiou])/g, '')
    .replace(/(.)\1/g, '$1');
  if (soundCache.size >= SOUND_CACHE_LIMIT) soundCache.clear();
  soundCache.set(key, sound);
  return sound;
}

/** Edit distance a typo may have: none under 5 letters, one up to 7, two from 8. */
function allowedTypos(length: number): number {
  return length < 5 ? 0 : length < 8 ? 1 : 2;
}

/**
 * Whether two normalised keys are the same word up to spelling and typos ('pulqabi' /
 * 'pulqbi', 'koselek' / 'koselk'). Digits must match exactly ('13' is not '14').
 */
export function isSameWord(a: string, b: string): boolean {
  return a === b || isSameSound(a, soundKey(a), b, soundKey(b));
}

/** `isSameWord` for callers that keep the sound keys (`soundKey`) of words they compare often. */
export function isSameSound(a: string, soundA: string, b: string, soundB: string): boolean {
  if (a === b) return true;
  if (/\d/.test(a) || /\d/.test(b)) return false;
  if (soundA === soundB) return soundA.length >= 3;
  const typos = allowedTypos(Math.min(soundA.length, soundB.length));
  return typos > 0 && Math.abs(soundA.length - soundB.length) <= typos && distance(soundA, soundB) <= typos;
}

const trigramCache = new Map<string, ReadonlySet<string>>();

/** The character trigrams of how a key sounds, padded so first and last letters weigh too. */
function trigramsOf(key: string): ReadonlySet<string> {
  const cached = trigramCache.get(key);
  if (cached) return cached;
  const padded = ` ${soundKey(key)} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  if (trigramCache.size >= SOUND_CACHE_LIMIT) trigramCache.clear();
  trigramCache.set(key, grams);
  return grams;
}

/** Below this trigram overlap two different words are taken as unrelated. */
const TRIGRAM_FLOOR = 0.5;
/** Shortest key compared by trigrams: shorter words share trigrams by chance. */
const TRIGRAM_MIN_LENGTH = 4;

/**
 * How alike two keys the lexicon may not know are, 0..1: 1 for the same word (`isSameWord`), else
 * the Dice overlap of their sound trigrams when it reaches 0.5 — one word with another ending or
 * stemmed in another script ('petr' of 'Петров' / 'petrov': 0.6) — else 0. Numbers only ever
 * equal themselves.
 */
export function wordSimilarity(a: string, b: string): number {
  if (isSameWord(a, b)) return 1;
  if (a.length < TRIGRAM_MIN_LENGTH || b.length < TRIGRAM_MIN_LENGTH || /\d/.test(a) || /\d/.test(b))
    return 0;
  const ga = trigramsOf(a);
  const gb = trigramsOf(b);
  let shared = 0;
  for (const gram of ga) if (gb.has(gram)) shared++;
  const dice = (2 * shared) / (ga.size + gb.size);
  return dice >= TRIGRAM_FLOOR ? dice : 0;
}
