import { foldCase } from '@tapinti/contracts/text-folding';
import { foldToAscii } from '@tapinti/contracts/ascii-folding';
import { transliterateCyrillic } from './cyrillic-transliteration';

/**
 * The letters of a text as search and matching compare them: Azerbaijani case folding
 * (I → ı, İ → i), Cyrillic written the Azerbaijani-Latin way ('Гянджлик' → 'gənclik'), then
 * ə/ç/ş/ğ/ı/ö/ü ASCII-folded, because people in Baku type on phones without them, in Russian and in
 * Cyrillic ('ÇANTA', 'canta' and 'чанта' → 'canta'). Russian ё counts as е (most people type е).
 * Punctuation and spacing stay; words are split by the caller.
 */
export function foldLetters(text: string): string {
  return foldToAscii(transliterateCyrillic(foldCase(text).replace(/ё/g, 'е')));
}

/** The words (runs of letters and digits) of a text, each `foldLetters`-folded. */
export function foldedWordsOf(text: string): string[] {
  return foldLetters(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}
