import { z } from 'zod';
import { hasBadCharacters, TEXT_MESSAGES } from '@tapinti/contracts/input-text';
import { ValidationError, validationErrorFrom } from './errors';

/**
 * Messages for the issues a schema gives no message of its own (a refusal is always in
 * Azerbaijani, whichever check caught it).
 */
const azerbaijaniFallback: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Məcburi sahə doldurulmayıb' : 'Sahənin dəyəri yanlış növdədir';
    case 'too_small':
    case 'too_big':
      return 'Sahənin dəyəri icazə verilən həddən kənardır';
    case 'invalid_format':
      return 'Sahənin formatı yanlışdır';
    case 'invalid_value':
    case 'invalid_union':
      return 'Sahənin dəyəri yanlışdır';
    default:
      return 'Yanlış məlumat';
  }
};

const MAX_DEPTH = 32;

/** The path of the first string (value or key) in `value` holding NUL or a lone surrogate, or null. */
function badTextPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return hasBadCharacters(value) ? path : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasBadCharacters(key)) return path;
    const found = badTextPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Parses untrusted input; a failure is a 400 carrying the schema's own (Azerbaijani) message.
 * Whatever the schema, no text holding NUL or ill-formed UTF-16 gets through to a use case (a
 * 400 too); what the schema drops (unknown fields) is not looked at.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input, { error: azerbaijaniFallback });
  if (!result.success) throw validationErrorFrom(result.error);
  const bad = badTextPath(result.data);
  if (bad) throw new ValidationError(TEXT_MESSAGES.invalidCharacters, bad.length ? bad.join('.') : undefined);
  return result.data;
}
