import { createHash } from 'node:crypto';
import { phoneSchema } from '@tapinti/contracts/auth-api';
import { foldCase } from '@tapinti/contracts/text-folding';
import { MAX_EVENT_IDENTIFIER_LENGTH, type LoginMethod } from '@tapinti/contracts/auth-events';

/**
 * The key usernames are compared by (unique, case-insensitive), with Azerbaijani folding: 'İlham'
 * and 'ilham' are the same name while 'Ilham' matches 'ılham'.
 */
export const foldUsername = foldCase;

/** E-mails are stored and compared lower-cased (as emailSchema does). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface LoginIdentifier {
  method: LoginMethod;
  /** What the account is looked up by: folded username, lower-cased e-mail or normalised phone. */
  key: string;
}

/**
 * What a login `username` field means: an e-mail when it has '@', a phone when it is one in
 * international format (normalised like phoneSchema), otherwise a username. Usernames can hold
 * neither '@' nor '+', so the three never overlap.
 */
export function classifyIdentifier(raw: string): LoginIdentifier {
  const value = raw.trim();
  if (value.includes('@')) return { method: 'email', key: normalizeEmail(value) };
  if (/^[\s()+\d-]+$/.test(value) && value.includes('+')) {
    const phone = phoneSchema.safeParse(value);
    if (phone.success && phone.data) return { method: 'phone', key: phone.data };
  }
  return { method: 'username', key: foldUsername(value) };
}

/** Stable, non-reversible name of an identifier (throttling keys, streams of unknown logins). */
export function identifierDigest(identifier: LoginIdentifier): string {
  return createHash('sha256').update(`${identifier.method}:${identifier.key}`).digest('hex');
}

/** Stream for failed logins whose identifier matches no account. */
export function unknownLoginStreamId(identifier: LoginIdentifier): string {
  return `login-${identifierDigest(identifier)}`;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The identifier as it may appear in an event: trimmed, without control characters, truncated. */
export function identifierForEvent(raw: string): string {
  return raw.trim().replace(CONTROL_CHARACTERS, '').slice(0, MAX_EVENT_IDENTIFIER_LENGTH);
}
