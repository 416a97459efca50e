import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '@tapinti/contracts/notifications-api';

/**
 * One-click unsubscribe links carry `<recipient, base64url>.<type>.<HMAC-SHA256 of both>`, keyed
 * from the platform secret: nothing is stored to check them, and a link works for exactly one
 * recipient (`user:<id>` or `email:<address>`) and one type. They do not expire: a link in an old
 * e-mail still stops that type.
 */
const keyOf = (secret: string) => createHmac('sha256', secret).update('tapinti-unsubscribe-v1').digest();
const macOf = (secret: string, body: string) =>
  createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export interface UnsubscribeClaims {
  recipient: string;
  type: NotificationType;
}

export function signUnsubscribeToken(secret: string, claims: UnsubscribeClaims): string {
  const body = `${Buffer.from(claims.recipient).toString('base64url')}.${claims.type}`;
  return `${body}.${macOf(secret, body)}`;
}

/** The claims of a token with a valid signature, else null. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaims | null {
  const match = /^([A-Za-z0-9_-]{1,400})\.([a-z-]{1,60})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, recipient, type, mac] = match as unknown as [string, string, string, string];
  if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) return null;
  const expected = Buffer.from(macOf(secret, `${recipient}.${type}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { recipient: Buffer.from(recipient, 'base64url').toString('utf8'), type: type as NotificationType };
}
