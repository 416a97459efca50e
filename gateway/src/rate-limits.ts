import { Router, type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import {
  announcementParamsSchema,
  ANNOUNCEMENT_ENDPOINTS,
  PHOTO_ENDPOINTS,
} from '@tapinti/contracts/announcements-api';
import { AUTH_ENDPOINTS } from '@tapinti/contracts/auth-api';
import type { Endpoint } from '@tapinti/contracts/endpoint';
import { ORGANIZATION_ENDPOINTS } from '@tapinti/contracts/organizations-api';
import { REQUEST_ENDPOINTS } from '@tapinti/contracts/requests-api';
import { SAVED_SEARCH_ENDPOINTS } from '@tapinti/contracts/saved-searches-api';
import type { RateRule, SharedConfig } from '@tapinti/platform/config';
import { ServiceUnavailableError, TooManyRequestsError } from '@tapinti/platform/errors';
import type { Logger } from '@tapinti/platform/logger';
import { readSessionToken, verifySessionToken, type SessionIdentity } from '@tapinti/platform/session';
import { createRedisCommandSender } from '@tapinti/ports/redis-commands';

/** The settings the gateway's limits are built from (validated in packages/platform/src/config.ts). */
export type RateLimitSettings = Pick<
  SharedConfig,
  | 'KV_STORE'
  | 'REDIS_URL'
  | 'NAMESPACE'
  | 'RATE_LIMIT_LOGIN'
  | 'RATE_LIMIT_REGISTER'
  | 'RATE_LIMIT_APPLICATIONS'
  | 'RATE_LIMIT_UPLOADS'
  | 'RATE_LIMIT_DETAILS'
  | 'RATE_LIMIT_DETAILS_ADDRESS'
  | 'RATE_LIMIT_POSTING'
  | 'RATE_LIMIT_CLAIMS_ADDRESS'
  | 'RATE_LIMIT_NEW_ACCOUNTS_ADDRESS'
  | 'NEW_ACCOUNT_AGE_MS'
  | 'JWT_SECRET'
  | 'RATE_LIMIT_COMPLAINTS'
  | 'RATE_LIMIT_SAVED_SEARCHES'
  | 'PASSWORD_HASH_CONCURRENCY'
  | 'PASSWORD_HASH_QUEUE'
>;

type ClientKey = (req: Request) => string;

/**
 * The client's address (as `trust proxy` derived it); IPv6 addresses by their /56, which one
 * subscriber usually holds whole.
 */
const byAddress: ClientKey = (req) => `ip:${ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '')}`;

/**
 * The session a request's token names, if the gateway can verify it: verified once per request,
 * however many limiters (one per window, per account and per new account) ask.
 */
function identityOf(secret: string): (req: Request) => SessionIdentity | null {
  const verified = new WeakMap<Request, SessionIdentity | null>();
  return (req) => {
    if (!verified.has(req)) {
      const token = readSessionToken(req);
      verified.set(req, token ? verifySessionToken(secret, token) : null);
    }
    return verified.get(req)!;
  };
}

/**
 * Signed-in clients by their account (every session of one account shares the count), anyone
 * else by address. Only a token the gateway can verify names an account; a forged one counts
 * against its address.
 */
const byAccount =
  (identity: (req: Request) => SessionIdentity | null): ClientKey =>
  (req) => {
    const caller = identity(req);
    return caller ? `user:${caller.userId}` : byAddress(req);
  };

/**
 * Skips every request but a new account's: signed in with a token the gateway can verify, of an
 * account younger than `ageMs` (tokens signed before they carried the account's age are not new).
 */
const notNewAccount =
  (identity: (req: Request) => SessionIdentity | null, ageMs: number) =>
  (req: Request): boolean => {
    const createdAt = identity(req)?.accountCreatedAt;
    return createdAt == null || Date.now() - createdAt >= ageMs;
  };

/** An announcement id as its contract states it (the pattern its OpenAPI parameter carries). */
const ANNOUNCEMENT_ID = new RegExp(String(announcementParamsSchema.shape.id.meta()?.pattern));

interface LimitedEndpoint {
  name: string;
  endpoint: Pick<Endpoint, 'method' | 'path'>;
  rules: RateRule[];
  key: ClientKey;
  /** Requests the limit does not count (e.g. another endpoint sharing the path pattern). */
  skip?: (req: Request) => boolean;
  /** Count only requests that succeeded (a refused claim is not a filed one). */
  countSuccessesOnly?: boolean;
}

function limitedEndpoints(settings: RateLimitSettings): LimitedEndpoint[] {
  const identity = identityOf(settings.JWT_SECRET);
  const bySignedInAccount = byAccount(identity);
  const oldAccount = notNewAccount(identity, settings.NEW_ACCOUNT_AGE_MS);
  // `/api/announcements/my` shares the details pattern; only reads of one announcement (contacts) count.
  const notOneAnnouncement = (req: Request) => !ANNOUNCEMENT_ID.test(String(req.params.id));
  return [
    { name: 'login', endpoint: AUTH_ENDPOINTS.login, rules: settings.RATE_LIMIT_LOGIN, key: byAddress },
    {
      name: 'register',
      endpoint: AUTH_ENDPOINTS.register,
      rules: settings.RATE_LIMIT_REGISTER,
      key: byAddress,
    },
    {
      name: 'applications',
      endpoint: ORGANIZATION_ENDPOINTS.submitApplication,
      rules: settings.RATE_LIMIT_APPLICATIONS,
      key: byAddress,
    },
    {
      name: 'uploads',
      endpoint: PHOTO_ENDPOINTS.uploadUrl,
      rules: settings.RATE_LIMIT_UPLOADS,
      key: byAddress,
    },
    {
      name: 'details',
      endpoint: ANNOUNCEMENT_ENDPOINTS.details,
      rules: settings.RATE_LIMIT_DETAILS,
      key: bySignedInAccount,
      skip: notOneAnnouncement,
    },
    {
      name: 'details-address',
      endpoint: ANNOUNCEMENT_ENDPOINTS.details,
      rules: settings.RATE_LIMIT_DETAILS_ADDRESS,
      key: byAddress,
      skip: notOneAnnouncement,
    },
    {
      name: 'posting',
      endpoint: ANNOUNCEMENT_ENDPOINTS.create,
      rules: settings.RATE_LIMIT_POSTING,
      key: bySignedInAccount,
    },
    {
      name: 'claims-address',
      endpoint: REQUEST_ENDPOINTS.file,
      rules: settings.RATE_LIMIT_CLAIMS_ADDRESS,
      key: byAddress,
      countSuccessesOnly: true,
    },
    // Many fresh accounts behind one address post and claim as one (issue 21).
    {
      name: 'new-accounts-posting',
      endpoint: ANNOUNCEMENT_ENDPOINTS.create,
      rules: settings.RATE_LIMIT_NEW_ACCOUNTS_ADDRESS,
      key: byAddress,
      skip: oldAccount,
    },
    {
      name: 'new-accounts-claims',
      endpoint: REQUEST_ENDPOINTS.file,
      rules: settings.RATE_LIMIT_NEW_ACCOUNTS_ADDRESS,
      key: byAddress,
      skip: oldAccount,
      countSuccessesOnly: true,
    },
    {
      name: 'complaints',
      endpoint: REQUEST_ENDPOINTS.fileComplaint,
      rules: settings.RATE_LIMIT_COMPLAINTS,
      key: byAddress,
    },
    // Issue 26: a visitor's saved search mails a confirmation; nobody signs addresses up in bulk.
    {
      name: 'saved-searches',
      endpoint: SAVED_SEARCH_ENDPOINTS.create,
      rules: settings.RATE_LIMIT_SAVED_SEARCHES,
      key: byAddress,
    },
  ];
}

/** Counters shared by every gateway instance (Redis) or kept in this process (embedded mode). */
function storeFactory(settings: RateLimitSettings): (prefix: string) => Store | undefined {
  if (settings.KV_STORE !== 'redis') return () => undefined; // express-rate-limit's MemoryStore
  if (!settings.REDIS_URL) throw new Error('REDIS_URL is required when KV_STORE=redis');
  const redis = createRedisCommandSender(settings.REDIS_URL);
  const namespace = settings.NAMESPACE ? `${settings.NAMESPACE}:` : '';
  return (prefix) =>
    new RedisStore({
      prefix: `${namespace}rate-limit:${prefix}:`,
      sendCommand: (command: string, ...args: string[]) =>
        redis.send(command, ...args) as Promise<RedisReply>,
    });
}

/**
 * How long a refused client waits for its answer (429 over a limit, 503 beyond what password
 * hashing takes): a script that retries at once then sends one request a second per connection.
 */
const REFUSAL_PAUSE_MS = 1000;

/**
 * Answers a refusal the way the error handler would (`{ message }`, `Retry-After`), here: a flood
 * of refusals does not walk the rest of the app's middleware looking for that handler.
 */
function refuse(res: Response, error: TooManyRequestsError | ServiceUnavailableError): void {
  if (res.headersSent || res.destroyed) return;
  res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res.status(error.status).json({ message: error.message });
}

/**
 * At most `limit` requests in flight at once; any further one is refused with 503 (Retry-After)
 * here, at the cost of a 429, instead of queueing inside the service.
 */
function inFlightBound(limit: number): RequestHandler {
  let inFlight = 0;
  return (_req, res, next) => {
    if (inFlight >= limit) {
      // Decided at once, nothing queued; the answer waits the pause, like a 429's.
      setTimeout(() => refuse(res, new ServiceUnavailableError()), REFUSAL_PAUSE_MS);
      return;
    }
    inFlight += 1;
    let released = false;
    const release = () => {
      if (!released) inFlight -= 1;
      released = true;
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };
}

/**
 * Per-client request limits in front of the endpoints a script would hammer: login, registration,
 * organisation applications, upload URLs, claims (per address), announcement details with their
 * contacts (per account and per address), new announcements (per account) and new accounts' posts
 * and claims (per address). Decided here, before any service hashes a password or reads a row:
 * over a limit the answer is 429 with `Retry-After` and the Azerbaijani message; beyond what
 * password hashing takes at once, 503 with `Retry-After`.
 */
export function clientRateLimits(settings: RateLimitSettings, logger: Logger): RequestHandler {
  const storeFor = storeFactory(settings);
  const router = Router();
  for (const { name, endpoint, rules, key, skip, countSuccessesOnly } of limitedEndpoints(settings)) {
    const limiters = rules.map(({ limit, windowSeconds }) => {
      const requestPropertyName = `rateLimit:${name}:${windowSeconds}`;
      return rateLimit({
        windowMs: windowSeconds * 1000,
        limit,
        keyGenerator: key,
        skip,
        skipFailedRequests: countSuccessesOnly ?? false,
        store: storeFor(`${name}:${windowSeconds}`),
        requestPropertyName,
        standardHeaders: false,
        legacyHeaders: false,
        // A store outage (Redis down) lets requests through: the services keep their own
        // throttles, and a 500 on every login would be worse than a missing limit.
        passOnStoreError: true,
        logger: {
          warn: (err: unknown, message?: string) => logger.warn({ err }, message ?? 'rate limit'),
          error: (err: unknown, message?: string) => logger.error({ err }, message ?? 'rate limit'),
        },
        // X-Forwarded-For is rewritten by the gateway itself (trust is decided by TRUST_PROXY).
        validate: { xForwardedForHeader: false },
        handler: (req, res) => {
          const reset = (req as unknown as Record<string, { resetTime?: Date }>)[requestPropertyName]
            ?.resetTime;
          const seconds = reset ? Math.ceil((reset.getTime() - Date.now()) / 1000) : windowSeconds;
          // A script that retries at once gets its answer no faster than once a pause: it cannot
          // keep the gateway's one event loop busy (a timer is all a waiting refusal costs).
          setTimeout(
            () => refuse(res, new TooManyRequestsError(undefined, Math.max(1, seconds))),
            REFUSAL_PAUSE_MS,
          );
        },
      });
    });
    router[endpoint.method](endpoint.path, ...limiters);
  }
  // Password hashing takes (concurrency + queue) requests per auth process and refuses the rest;
  // refusing them here as well keeps a storm of logins from piling up inside the service (in
  // embedded mode, on the event loop every other request needs).
  const passwordWork = inFlightBound(settings.PASSWORD_HASH_CONCURRENCY + settings.PASSWORD_HASH_QUEUE);
  for (const endpoint of [AUTH_ENDPOINTS.login, AUTH_ENDPOINTS.register, AUTH_ENDPOINTS.acceptInvitation])
    router[endpoint.method](endpoint.path, passwordWork);
  return router;
}
