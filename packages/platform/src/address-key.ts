import { createHmac } from 'node:crypto';
import type { RequestHandler } from 'express';
import { clientIp } from './http';

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

declare module 'express-serve-static-core' {
  interface Request {
    /** The client address's key (`addressKeys`), null when the address is unknown. */
    addressKey?: string | null;
  }
}

/**
 * Sets `req.addressKey`, what events' metadata record of the client (issue 21: never the address
 * itself). An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is keyed as the IPv4 address.
 */
export function addressKeys(secret: string): RequestHandler {
  return (req, _res, next) => {
    const ip = clientIp(req);
    const address = ip?.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
    req.addressKey = address ? addressKeyOf(secret, address) : null;
    next();
  };
}
