import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { signToken, verifyToken } from './signed-token';

/**
 * The device cookie (issue 21): a long-lived, HttpOnly cookie naming this browser with a random id,
 * signed with the platform secret (`<id>.<expiry>.<HMAC>`), set at every successful sign-in. Which
 * accounts signed in on it is kept server-side; the cookie only says which browser this is.
 */
export const DEVICE_COOKIE = 'tapinti_device';

/** The device cookie on the request as sent (not yet verified), else null. */
export function deviceCookieOf(req: Request): string | null {
  const header = req.headers.cookie;
  return (header ? parseCookies(header)[DEVICE_COOKIE] : undefined) || null;
}

/** The id a device cookie names, if it is well-signed and unexpired, else null. */
export function deviceIdOf(cookie: string | null, secret: string, now: Date): string | null {
  const claims = cookie ? verifyToken(secret, 'device', cookie) : null;
  return claims && claims.expiresAt > now ? claims.id : null;
}

/** The id of a well-signed, unexpired device cookie on the request, else null. */
export const readDeviceId = (req: Request, secret: string, now: Date): string | null =>
  deviceIdOf(deviceCookieOf(req), secret, now);

/** Sets (or renews) the device cookie for `deviceId` (a new id when null); returns the id. */
export function setDeviceCookie(
  req: Request,
  res: Response,
  options: { secret: string; deviceId: string | null; ttlSeconds: number; now: Date; secure?: boolean },
): string {
  const deviceId = options.deviceId ?? randomUUID();
  const expiresAt = new Date(options.now.getTime() + options.ttlSeconds * 1000);
  res.cookie(DEVICE_COOKIE, signToken(options.secret, 'device', { id: deviceId, expiresAt }), {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure ?? req.secure,
    // Sign-in and reports read it.
    path: '/api',
    maxAge: options.ttlSeconds * 1000,
  });
  return deviceId;
}
