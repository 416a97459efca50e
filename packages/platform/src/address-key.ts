import { createHmac } from 'node:crypto';

/**
 * A client address as something that can be compared and stored without being the address:
 * HMAC-SHA256 keyed from the platform secret (base64url, 22 characters = 128 bits). The same
 * address always gives the same key under one secret; the key does not give the address back
 * (no table of 2³² IPv4 keys can be built without the secret).
 */
export function addressKeyOf(secret: string, address: string): string {
  const key = createHmac('sha256', secret).update('tapinti-client-address-v1').digest();
  return createHmac('sha256', key).update(address).digest('base64url').slice(0, 22);
}
