import { truncateText } from '@tapinti/contracts/input-text';

/** Keys whose values are never kept in an audit row, whatever service sent them. */
const SECRET_KEY =
  /(passw|passphrase|^pass$|pwd|secret|token|hash|salt|otp|credential|authorization|cookie|api[-_]?key|private[-_]?key|session[-_]?id|^sid$)/i;

/** Values that look like password hashes or bearer tokens, under whatever key. */
const SECRET_VALUE = [
  /^\$argon2(id|i|d)\$/,
  /^\$2[abxy]?\$\d{2}\$/,
  /^\$(scrypt|pbkdf2)/i,
  /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*$/, // a JWT
];

export const REDACTED = '[redacted]';
const MAX_DEPTH = 8;
const MAX_STRING = 2000;
const MAX_ITEMS = 100;
const MAX_KEYS = 100;

/**
 * A copy of an event's state that is safe to keep and show: secret-looking keys and values
 * redacted, long strings and collections cut, nesting bounded. Values stay data (JSON).
 */
export function sanitizeState(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (SECRET_VALUE.some((re) => re.test(value))) return REDACTED;
    return value.length > MAX_STRING ? `${truncateText(value, MAX_STRING)}…` : value;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => sanitizeState(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>).slice(0, MAX_KEYS)) {
      out[key] = SECRET_KEY.test(key) ? REDACTED : sanitizeState(v, depth + 1);
    }
    return out;
  }
  return null;
}
