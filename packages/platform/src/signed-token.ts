import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links that prove something (an invitation, an e-mail address, a password reset) carry
 * `<id>.<expiry ms>.<HMAC-SHA256 of both>`, keyed from the platform secret and the purpose: nothing
 * secret is stored anywhere (no token, no hash), the sender builds the link again from the id, and
 * the receiving service verifies it with the same secret. A token of one purpose never passes as
 * another's. Single use and expiry are decided by the service that accepts it, from its own records.
 */
export const TOKEN_PURPOSES = [
  'invitation',
  'email-verification',
  'password-reset',
  'device',
  // Issue 26: a visitor's address confirmed for saved-search alerts.
  'saved-search',
] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

const keyOf = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`tapinti-${purpose}-v1`).digest();
const macOf = (secret: string, purpose: string, body: string) =>
  createHmac('sha256', keyOf(secret, purpose)).update(body).digest('base64url');

export interface TokenClaims {
  id: string;
  expiresAt: Date;
}

export function signToken(secret: string, purpose: TokenPurpose, claims: TokenClaims): string {
  const body = `${claims.id}.${claims.expiresAt.getTime()}`;
  return `${body}.${macOf(secret, purpose, body)}`;
}

/** The claims of a well-formed token of that purpose with a valid signature (expired or not), else null. */
export function verifyToken(secret: string, purpose: TokenPurpose, token: string): TokenClaims | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, expiry, mac] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(macOf(secret, purpose, `${id}.${expiry}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { id, expiresAt: new Date(Number(expiry)) };
}

/**
 * The 6-digit code of a phone verification, derived from its id (never stored): the SMS sender
 * and the checking service compute the same code from the id and the secret.
 */
export function phoneCodeOf(secret: string, verificationId: string): string {
  const digest = createHmac('sha256', keyOf(secret, 'phone-verification')).update(verificationId).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}
