import { signToken, verifyToken } from './signed-token';

/**
 * Invitation links: the `invitation` purpose of `signed-token.ts` (`<invitationId>.<expiry ms>.<mac>`,
 * byte-compatible with the links issued before the purposes were generalised).
 */
export interface InvitationClaims {
  invitationId: string;
  expiresAt: Date;
}

export function signInvitationToken(secret: string, claims: InvitationClaims): string {
  return signToken(secret, 'invitation', { id: claims.invitationId, expiresAt: claims.expiresAt });
}

/** The claims of a well-formed token with a valid signature (expired or not), else null. */
export function verifyInvitationToken(secret: string, token: string): InvitationClaims | null {
  const claims = verifyToken(secret, 'invitation', token);
  return claims && { invitationId: claims.id, expiresAt: claims.expiresAt };
}
