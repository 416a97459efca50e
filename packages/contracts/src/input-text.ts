import { z } from 'zod';

/**
 * Text as people type it, checked the same way by the server, the web forms and the OpenAPI
 * document. Lengths count characters (code points), as JSON Schema and Postgres do, not UTF-16
 * units; surrounding whitespace is trimmed before counting; NUL and unpaired surrogates (which
 * Postgres cannot store) are refused with 400.
 */
export const TEXT_MESSAGES = {
  invalidCharacters: 'Mətndə icazə verilməyən simvol var',
} as const;

/** NUL, or a surrogate that is not half of a pair (ill-formed UTF-16). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_CHARACTER = /\u0000|\p{Cs}/u;

export const hasBadCharacters = (text: string): boolean => BAD_CHARACTER.test(text);

/** Characters as JSON Schema's minLength/maxLength count them. */
export const charCount = (text: string): number => [...text].length;

// What String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator), spelled out so
// that the pattern means the same in every regex dialect that reads the OpenAPI document.
const SPACE = '\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const WS = `[${SPACE}]`;
/** One character String.prototype.trim removes, as a regex character class. */
export const TRIMMED_SPACE = WS;
const VISIBLE = `[^\\u0000${SPACE}]`;
const ANY = '[^\\u0000]';

/** A pattern for text that, once trimmed, has `min`…`max` characters and no NUL. */
export function trimmedTextPattern(min: number, max: number): string {
  if (max <= 0) return `^${WS}*$`;
  let core = max <= 1 ? VISIBLE : `${VISIBLE}(?:${ANY}{${Math.max(min - 2, 0)},${max - 2}}${VISIBLE})`;
  if (max > 1 && min <= 1) core += '?';
  if (min === 0) core = `(?:${core})?`;
  return `^${WS}*${core}${WS}*$`;
}

/** Any text without NUL, `min`…`max` characters, not trimmed (passwords). */
export function plainTextPattern(min: number, max: number): string {
  return `^${ANY}{${min},${max}}$`;
}

const wellFormed = (s: string) => !hasBadCharacters(s);

/**
 * The one text primitive every request, query and path schema starts from: a string (`error`
 * when it is missing or not one) in which NUL and unpaired surrogates are refused with 400 and
 * TEXT_MESSAGES.invalidCharacters, before any other rule of the field is looked at.
 */
export function text(error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine(wellFormed, TEXT_MESSAGES.invalidCharacters);
}

/**
 * At most `max` characters of `value`, cut by code point: never inside a surrogate pair (half a
 * pair is ill-formed text that JSON columns refuse). For identifiers and other text the server
 * shortens before storing or logging it.
 */
export function truncateText(value: string, max: number): string {
  if (value.length <= max) return value;
  let end = 0;
  for (let count = 0; count < max && end < value.length; count++) {
    const code = value.codePointAt(end)!;
    end += code > 0xffff ? 2 : 1;
  }
  return value.slice(0, end);
}

export interface TextRules {
  min: number;
  max: number;
  /** When it is missing or not a string. */
  required: string;
  tooShort: string;
  tooLong: string;
}

/** Required text: trimmed, then `min`…`max` characters. */
export function trimmedText(rules: TextRules) {
  return text(rules.required)
    .trim()
    .refine((s) => charCount(s) >= rules.min, rules.tooShort)
    .refine((s) => charCount(s) <= rules.max, rules.tooLong)
    .meta({ pattern: trimmedTextPattern(rules.min, rules.max) });
}

/** Text kept as typed (passwords): `min`…`max` characters. */
export function plainText(rules: TextRules) {
  return text(rules.required)
    .refine((s) => charCount(s) >= rules.min, rules.tooShort)
    .refine((s) => charCount(s) <= rules.max, rules.tooLong)
    .meta({ pattern: plainTextPattern(rules.min, rules.max) });
}

/**
 * Optional text: absent, null, empty or only whitespace all mean "not given" (undefined);
 * otherwise trimmed, at most `max` characters.
 */
export function optionalTrimmedText(max: number, tooLong: string) {
  return text(tooLong)
    .trim()
    .refine((s) => charCount(s) <= max, tooLong)
    .meta({ pattern: trimmedTextPattern(0, max) })
    .nullable()
    .transform((v) => v || undefined)
    .optional();
}

/** Query text: absent, empty or only whitespace mean "not given"; otherwise trimmed, ≤ `max`. */
export function optionalQueryText(max: number, messages: { invalid: string; tooLong: string }) {
  return text(messages.invalid)
    .trim()
    .refine((s) => charCount(s) <= max, messages.tooLong)
    .meta({ pattern: trimmedTextPattern(0, max) })
    .transform((v) => v || undefined)
    .optional();
}

/**
 * Decimal text of 1 to 9 digits, leading zeros allowed, whose value is at least 1. (Patterns say
 * [0-9], never \\d: in some regex dialects \\d also matches other scripts' digits.)
 */
export const POSITIVE_INTEGER_TEXT = `(?:${Array.from({ length: 9 }, (_, zeros) => `${'0'.repeat(zeros)}[1-9][0-9]{0,${8 - zeros}}`).join('|')})`;
/** 1 to 100, as decimal text (leading zeros allowed). */
export const ONE_TO_HUNDRED_TEXT = `(?:0{0,8}[1-9]|0{0,7}[1-9][0-9]|0{0,6}100)`;
/** Decimal text of 1 to 9 digits. */
export const INTEGER_TEXT = '[0-9]{1,9}';

/** A uuid as zod checks one (any version), without anchors. */
export const UUID_TEXT = z.regexes.uuid().source.replace(/^\^/, '').replace(/\$$/, '');

/** A regex matching the whole text against `body`, or the empty text. */
export const emptyOr = (body: string): RegExp => new RegExp(`^(?:|${body})$`);

/**
 * An optional integer query parameter: decimal text matching `digits` (absent or empty: not
 * given), then `min`…`max`; one message for every refusal.
 */
export const intParam = (message: string, digits: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  text(message)
    .regex(emptyOr(digits), message)
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .refine((n) => n === undefined || (n >= min && n <= max), message);
