import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { parse as parseCookies } from 'cookie';
import { ROLES, type Role } from '@tapinti/contracts/roles';
import { ForbiddenError, UnauthorizedError } from './errors';

export const SESSION_COOKIE = 'tapinti_session';
const ALGORITHM = 'HS256' as const;

const secretKeys = new Map<string, KeyObject>();
/**
 * The secret as a key object, made once: given the string, jsonwebtoken first tries to read it as
 * a PEM public key and catches the failure, on every request — the gateway's busiest function under
 * load (bench/README.md, the write path).
 */
function secretKeyOf(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    secretKeys.set(secret, key);
  }
  return key;
}

/** Who is calling, as established from a verified, still-active session. */
export interface Caller {
  userId: string;
  sessionId: string;
  /** The current role and organisation (the user's access record), not the ones at login. */
  role: Role;
  organizationId: string | null;
  /** False while that organisation is deactivated (as the answering service knows it). */
  organizationActive?: boolean;
  username: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
  }
}

/**
 * What a session token says: only who it is (the role and organisation are read per request), and
 * when the account was created (epoch ms; null in tokens signed before it was added), so the
 * gateway can tell a new account's requests without asking auth.
 */
export type SessionIdentity = Pick<Caller, 'userId' | 'sessionId' | 'username'> & {
  accountCreatedAt: number | null;
};

/**
 * A user's current role, organisation and active state: the per-user record auth writes on the
 * key-value port whenever one of them changes (and at every login), and `authenticate` reads on
 * every request, so a change takes effect on the caller's next request.
 */
export interface UserAccess {
  role: Role;
  organizationId: string | null;
  isActive: boolean;
}

/** The stored form of a UserAccess record. */
export function serializeUserAccess(access: UserAccess): string {
  return JSON.stringify({
    role: access.role,
    organizationId: access.organizationId,
    isActive: access.isActive,
  });
}

/** A stored UserAccess record, or null when it is missing or malformed (treated as unknown). */
export function parseUserAccess(value: string | null): UserAccess | null {
  if (value === null) return null;
  try {
    const v = JSON.parse(value) as Partial<UserAccess>;
    if (!ROLES.includes(v.role as Role) || typeof v.isActive !== 'boolean') return null;
    if (v.organizationId !== null && typeof v.organizationId !== 'string') return null;
    return { role: v.role as Role, organizationId: v.organizationId ?? null, isActive: v.isActive };
  } catch {
    return null;
  }
}

interface SessionClaims {
  sub: string;
  sid: string;
  usr: string;
  /** The account's creation, epoch seconds. */
  acr?: number;
}

/** A token naming the user and a fresh session id; no role or organisation in it. */
export function signSessionToken(
  secret: string,
  identity: Pick<Caller, 'userId' | 'username'> & { accountCreatedAt?: Date | null },
  ttlSeconds: number,
): { token: string; sessionId: string } {
  const sessionId = randomUUID();
  const claims: SessionClaims = { sub: identity.userId, sid: sessionId, usr: identity.username };
  if (identity.accountCreatedAt) claims.acr = Math.floor(identity.accountCreatedAt.getTime() / 1000);
  const token = jwt.sign(claims, secretKeyOf(secret), { algorithm: ALGORITHM, expiresIn: ttlSeconds });
  return { token, sessionId };
}

/**
 * Verifies signature (algorithm pinned, so `none` or RS/HS confusion is refused) and expiry; the
 * identity only. Role and organisation claims of tokens signed before they were left out are
 * ignored.
 */
export function verifySessionToken(secret: string, token: string): SessionIdentity | null {
  try {
    const claims = jwt.verify(token, secretKeyOf(secret), {
      algorithms: [ALGORITHM],
    }) as Partial<SessionClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    return {
      userId: claims.sub,
      sessionId: claims.sid,
      username: typeof claims.usr === 'string' ? claims.usr : '',
      accountCreatedAt: typeof claims.acr === 'number' ? claims.acr * 1000 : null,
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
  /** The user's access record (role, organisation, active), or null when there is none. */
  currentAccess: (userId: string) => Promise<UserAccess | null>;
  /** Whether an organisation is active, from the service's own copy (issue 21); absent: not asked. */
  organizationActive?: (organizationId: string) => Promise<boolean>;
}

/**
 * Sets `req.caller` from a valid, active session cookie; never rejects by itself. The token
 * names the user; the role, organisation and active state come from the user's access record,
 * read in parallel with the session check (one key-value get each, no database query), so a
 * role or organisation change applies from the next request. No record (never written, or
 * lost with the key-value store) or an inactive one: signed out, never the token's old claims.
 */
export function authenticate(options: AuthenticateOptions): RequestHandler {
  return async (req, _res, next) => {
    try {
      const token = readSessionToken(req);
      const identity = token ? verifySessionToken(options.secret, token) : null;
      if (identity) {
        const [active, access] = await Promise.all([
          options.isSessionActive(identity.sessionId),
          options.currentAccess(identity.userId),
        ]);
        if (active && access?.isActive) {
          const organizationActive =
            access.organizationId && options.organizationActive
              ? await options.organizationActive(access.organizationId)
              : true;
          req.caller = {
            userId: identity.userId,
            sessionId: identity.sessionId,
            username: identity.username,
            role: access.role,
            organizationId: access.organizationId,
            organizationActive,
          };
        }
      }
      next();
    } catch (err) {
      next(err);
    }
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
