import { createHmac } from 'node:crypto';

/**
 * A client identifier as something that can be compared and stored without being it: HMAC-SHA256
 * keyed from the platform secret and the identifier's purpose (base64url, 22 characters = 128
 * bits). The same value always gives the same key under one secret; the key does not give the value
 * back (no table of 2³² IPv4 keys can be built without the secret).
 */
function keyedHashOf(secret: string, purpose: string, value: string): string {
  const key = createHmac('sha256', secret).update(purpose).digest();
  return createHmac('sha256', key).update(value).digest('base64url').slice(0, 22);
}

/** A client address's key. */
export const addressKeyOf = (secret: string, address: string): string =>
  keyedHashOf(secret, 'tapinti-client-address-v1', address);

/** A browser's key: the id of its device cookie (`tapinti_device`), which never leaves the server. */
export const deviceKeyOf = (secret: string, deviceId: string): string =>
  keyedHashOf(secret, 'tapinti-device-v1', deviceId);
