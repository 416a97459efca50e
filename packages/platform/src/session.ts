import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { parse as parseCookies } from 'cookie';
import { ROLES, type Role } from '@tapinti/contracts/roles';
import { ForbiddenError, UnauthorizedError } from './errors';

export const SESSION_COOKIE = 'tapinti_session';
const ALGORITHM = 'HS256' as const;

/** Who is calling, as established from a verified, still-active session. */
export interface Caller {
  userId: string;
  sessionId: string;
  role: Role;
  organizationId: string | null;
  username: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
  }
}

interface SessionClaims {
  sub: string;
  sid: string;
  role: Role;
  org: string | null;
  usr: string;
}

export function signSessionToken(
  secret: string,
  caller: Omit<Caller, 'sessionId'>,
  ttlSeconds: number,
): { token: string; sessionId: string } {
  const sessionId = randomUUID();
  const claims: SessionClaims = {
    sub: caller.userId,
    sid: sessionId,
    role: caller.role,
    org: caller.organizationId,
    usr: caller.username,
  };
  const token = jwt.sign(claims, secret, { algorithm: ALGORITHM, expiresIn: ttlSeconds });
  return { token, sessionId };
}

/** Verifies signature (algorithm pinned, so `none` or RS/HS confusion is refused) and expiry. */
export function verifySessionToken(secret: string, token: string): Caller | null {
  try {
    const claims = jwt.verify(token, secret, { algorithms: [ALGORITHM] }) as Partial<SessionClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    if (!ROLES.includes(claims.role as Role)) return null;
    return {
      userId: claims.sub,
      sessionId: claims.sid,
      role: claims.role as Role,
      organizationId: typeof claims.org === 'string' ? claims.org : null,
      username: typeof claims.usr === 'string' ? claims.usr : '',
    };
  } catch {
    return null;
  }
}

export function readSessionToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parseCookies(header)[SESSION_COOKIE];
}

export interface CookieOptions {
  ttlSeconds: number;
  /** Secure is forced on when the request came over HTTPS. */
  secure?: boolean;
}

export function setSessionCookie(req: Request, res: Response, token: string, options: CookieOptions): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure ?? req.secure,
    path: '/',
    maxAge: options.ttlSeconds * 1000,
  });
}

export function clearSessionCookie(req: Request, res: Response, secure?: boolean): void {
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure ?? req.secure,
    path: '/',
  });
}

export interface AuthenticateOptions {
  secret: string;
  /** Server-side session check, so a cookie stops working after logout. */
  isSessionActive: (sessionId: string) => Promise<boolean>;
}

/** Sets `req.caller` from a valid, active session cookie; never rejects by itself. */
export function authenticate(options: AuthenticateOptions): RequestHandler {
  return async (req, _res, next) => {
    const token = readSessionToken(req);
    if (token) {
      const caller = verifySessionToken(options.secret, token);
      if (caller && (await options.isSessionActive(caller.sessionId))) req.caller = caller;
    }
    next();
  };
}

export const requireCaller: RequestHandler = (req, _res, next) => {
  next(req.caller ? undefined : new UnauthorizedError());
};

export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.caller) return next(new UnauthorizedError());
    next(roles.includes(req.caller.role) ? undefined : new ForbiddenError());
  };
}

/** The caller, for handlers that sit behind requireCaller. */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw new UnauthorizedError();
  return req.caller;
}
