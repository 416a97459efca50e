import { createHash, createHmac } from 'node:crypto';
import { AUTH_MESSAGES, phoneSchema } from '@tapinti/contracts/auth-api';
import { passwordProblem, type PasswordOwner } from '@tapinti/contracts/password-policy';
import { foldCase } from '@tapinti/contracts/text-folding';
import { isReservedUsername, usernameKey } from '@tapinti/contracts/username-key';
import { MAX_EVENT_IDENTIFIER_LENGTH, type LoginMethod } from '@tapinti/contracts/auth-events';
import { ValidationError } from '@tapinti/platform/errors';

/**
 * The key usernames are compared by (unique, case-insensitive), with Azerbaijani folding: 'İlham'
 * and 'ilham' are the same name while 'Ilham' matches 'ılham'.
 */
export const foldUsername = foldCase;

/**
 * A username people choose (registration, a new name in the profile, an invitation's account) may
 * not imitate staff: 400 on the username field. The configured super admin is seeded without it.
 */
export function refuseReservedUsername(username: string): void {
  if (isReservedUsername(username)) throw new ValidationError(AUTH_MESSAGES.usernameReserved, 'username');
}

/** Whether a profile's requested username is another name than the current one (not a respelling). */
export const isNewUsername = (current: string, requested: string): boolean =>
  usernameKey(current) !== usernameKey(requested);

/**
 * A new password must contain neither the username nor the e-mail's local part, and not be one of
 * the most common passwords: 400 on the password field with that rule's message.
 */
export async function refuseWeakPassword(password: string, owner: PasswordOwner): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw new ValidationError(problem, 'password');
}

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

/** Stable, non-reversible name of an identifier (throttling keys). */
export function identifierDigest(identifier: LoginIdentifier): string {
  return createHash('sha256').update(`${identifier.method}:${identifier.key}`).digest('hex');
}

/**
 * What events and audit rows say of an identifier that names no account (often a mistyped password):
 * an HMAC under a server secret, 32 hex digits. The same identifier gives the same digest, so
 * repeated attempts can be told apart, but without the secret no list of guesses can be tried on it.
 */
export function keyedIdentifierDigest(secret: string, identifier: LoginIdentifier): string {
  return createHmac('sha256', secret)
    .update(`login-identifier:${identifier.method}:${identifier.key}`)
    .digest('hex')
    .slice(0, 32);
}

/** Stream of one failed login whose identifier matches no account, named by its keyed digest. */
export function unknownLoginStreamId(digest: string, occurrenceId: string): string {
  return `login-${digest}.${occurrenceId}`;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * The identifier as it may appear in an event: trimmed, without control characters, cut to
 * MAX_EVENT_IDENTIFIER_LENGTH characters (code points: never inside a surrogate pair).
 */
export function identifierForEvent(raw: string): string {
  return [...raw.trim().replace(CONTROL_CHARACTERS, '')].slice(0, MAX_EVENT_IDENTIFIER_LENGTH).join('');
}
