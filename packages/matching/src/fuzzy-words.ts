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
