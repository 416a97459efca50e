import { foldCase } from '@tapinti/contracts/text-folding';
import confusables from 'unhomoglyph/data.json';
import { foldToAscii } from '@tapinti/contracts/ascii-folding';

/**
 * The first layer of reading a text: what a reader sees, not how it was typed. Look-alike
 * letters, invisible characters, odd digits and letters pulled apart by dots or spaces are
 * the cheap ways around a rule ('рul' with a Cyrillic р, 'pul\u200b', 'p.u.l', 'ə v v ə l'),
 * so rules compare texts after this, on both sides.
 */

/**
 * Characters that show nothing: zero-width space/joiners, direction marks, word joiner, BOM,
 * soft hyphen, variation selectors, Hangul fillers (Unicode's Default_Ignorable_Code_Point),
 * and every other format character.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

const DECIMAL_DIGIT = /\p{Nd}/u;
const DECIMAL_DIGITS = /\p{Nd}/gu;

/**
 * The value of any Unicode decimal digit: Unicode encodes each script's digits 0–9 as one
 * contiguous run, so the value is the distance from the run's start (runs may sit back to back).
 */
function digitValue(digit: string): string {
  const code = digit.codePointAt(0)!;
  if (code >= 0x30 && code <= 0x39) return digit;
  let start = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return String((code - start) % 10);
}

/** Letters of the Azerbaijani alphabet stay themselves (confusables.txt maps ı to i, ə to ǝ). */
const AZERBAIJANI_LETTERS = new Set('əçşğıöüƏÇŞĞİÖÜ');

/**
 * Look-alike letters → the Latin letter they pass for, from Unicode's confusables.txt as
 * unhomoglyph ships it: only single letters whose look-alike is one Latin letter (Cyrillic
 * а р с е о у х і ј һ, Greek ο α ρ…). Look-alikes of digits ('б' → '6') are left alone: a letter
 * that reads as a digit is not how people write numbers.
 */
const LATIN_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(confusables as Record<string, string>).flatMap(([from, to]) => {
    const latin = to.toLowerCase();
    return [...from].length === 1 && !AZERBAIJANI_LETTERS.has(from) && /^[a-z]$/.test(latin) && from !== latin
      ? [[from, latin] as const]
      : [];
  }),
);
const NON_ASCII_LETTER = /[^\p{ASCII}]/gu;

/**
 * NFKC (full-width '．' and '０' become '.' and '0', ligatures letters), invisible characters
 * dropped, every decimal digit an ASCII digit, Azerbaijani case folding, look-alike letters
 * Latin, Azerbaijani letters ASCII-folded ('PUL GÖNDƏRİN' → 'pul gonderin', 'рul' → 'pul').
 * Punctuation and spacing stay, so links, phone and card numbers can still be read from it.
 */
export function normalizeText(text: string): string {
  const plain = text.normalize('NFKC').replace(INVISIBLE, '').replace(DECIMAL_DIGITS, digitValue);
  const latin = foldCase(plain).replace(NON_ASCII_LETTER, (letter) => LATIN_OF.get(letter) ?? letter);
  return foldToAscii(latin);
}

/** Separators people put inside a word to break it up: 'p.u.l', 'kart-ıma', 'p_u_l', 'p*u*l'. */
const INSIDE_WORD_SEPARATORS = /(?<=\p{L})[.\-_·•*'’`~|/\\+:]+(?=\p{L})/gu;
/** Three or more single letters with spaces (and dots…) between them: 'ə v v ə l c ə d ə n', 'p. u. l'. */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])\p{L}(?:[\s.\-_·•*]+\p{L}(?![\p{L}\p{N}])){2,}/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * `normalizeText`, then as words: separators inside words and spaces between single letters
 * dropped, anything else that is not a letter or a digit one space ('P.U.L  göndər-in!' →
 * 'pul gonderin'). Phrases are compared on this, each run through it too.
 */
export function normalizeWords(text: string): string {
  return normalizeText(text)
    .replace(INSIDE_WORD_SEPARATORS, '')
    .replace(SPACED_LETTERS, (letters) => letters.replace(/[^\p{L}]+/gu, ''))
    .replace(NOT_WORD, ' ')
    .trim();
}
