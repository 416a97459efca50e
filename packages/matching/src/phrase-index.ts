import { isSameSound, soundKey } from './fuzzy-words';
import { wordsOf, type NormalisedWord } from './word-normalisation';

/** Where one entry of the index was found in a text's words: words[start, end). */
export interface PhraseHit<T> {
  entry: T;
  start: number;
  end: number;
}

/**
 * Finds entries (lexicon concepts, gazetteer places) named by one or more words in a text, each
 * name normalised the way texts are, words compared with `isSameWord`. Longest name first at
 * each position, and a found name's words are not looked at again ('Park Bulvar' is the mall,
 * not the boulevard; 'sürücülük vəsiqəsi' is a licence, not an ID card).
 */
export class PhraseIndex<T> {
  /** Names by their first word's key, longest names first. */
  private readonly byFirstKey = new Map<string, Array<{ keys: string[]; entry: T }>>();
  /** For a text word's key: the name words it counts as (memoised; names are few, texts repeat). */
  private readonly sameKeysCache = new Map<string, ReadonlySet<string>>();
  /** Every word of every name, with how it sounds (computed once). */
  private readonly nameKeys = new Map<string, string>();

  constructor(entries: Iterable<{ names: readonly string[]; entry: T }>) {
    for (const { names, entry } of entries) {
      for (const name of names) {
        const keys = wordsOf(name).map((w) => w.key);
        if (keys.length === 0) continue;
        keys.forEach((key) => this.nameKeys.set(key, soundKey(key)));
        const list = this.byFirstKey.get(keys[0]!) ?? [];
        list.push({ keys, entry });
        this.byFirstKey.set(keys[0]!, list);
      }
    }
    for (const list of this.byFirstKey.values()) list.sort((a, b) => b.keys.length - a.keys.length);
  }

  /** The index's words that `textKey` counts as. */
  private sameKeys(textKey: string): ReadonlySet<string> {
    const cached = this.sameKeysCache.get(textKey);
    if (cached) return cached;
    // The exact word first, so it wins over a same-length fuzzy one.
    const keys = new Set(this.nameKeys.has(textKey) ? [textKey] : []);
    // A word with digits is only ever itself (`isSameSound`): codes and numbers need no scan.
    if (/\d/.test(textKey)) return keys;
    const textSound = soundKey(textKey);
    for (const [nameKey, nameSound] of this.nameKeys) {
      if (isSameSound(textKey, textSound, nameKey, nameSound)) keys.add(nameKey);
    }
    if (this.sameKeysCache.size > 50_000) this.sameKeysCache.clear();
    this.sameKeysCache.set(textKey, keys);
    return keys;
  }

  find(words: readonly NormalisedWord[]): Array<PhraseHit<T>> {
    const hits: Array<PhraseHit<T>> = [];
    let position = 0;
    while (position < words.length) {
      const hit = this.longestAt(words, position);
      if (hit) {
        hits.push(hit);
        position = hit.end;
      } else {
        position++;
      }
    }
    return hits;
  }

  private longestAt(words: readonly NormalisedWord[], start: number): PhraseHit<T> | undefined {
    let best: PhraseHit<T> | undefined;
    for (const firstKey of this.sameKeys(words[start]!.key)) {
      for (const { keys, entry } of this.byFirstKey.get(firstKey) ?? []) {
        const end = start + keys.length;
        if (end > words.length || (best && end <= best.end)) continue;
        if (keys.every((key, i) => i === 0 || this.sameKeys(words[start + i]!.key).has(key))) {
          best = { entry, start, end };
        }
      }
    }
    return best;
  }
}
