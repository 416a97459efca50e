import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Invitation links carry `<invitationId>.<expiry ms>.<HMAC-SHA256 of both>`, keyed from the
 * platform secret: nothing secret is stored anywhere (no token, no hash), the sender can build the
 * link again from the invitation id, and the receiving service verifies it with the same secret.
 * Single use and expiry are enforced by the service that accepts it, from its own records.
 */
const keyOf = (secret: string) => createHmac('sha256', secret).update('tapinti-invitation-v1').digest();
const macOf = (secret: string, body: string) =>
  createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export interface InvitationClaims {
  invitationId: string;
  expiresAt: Date;
}

export function signInvitationToken(secret: string, claims: InvitationClaims): string {
  const body = `${claims.invitationId}.${claims.expiresAt.getTime()}`;
  return `${body}.${macOf(secret, body)}`;
}

/** The claims of a well-formed token with a valid signature (expired or not), else null. */
export function verifyInvitationToken(secret: string, token: string): InvitationClaims | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, invitationId, expiry, mac] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(macOf(secret, `${invitationId}.${expiry}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { invitationId, expiresAt: new Date(Number(expiry)) };
}
