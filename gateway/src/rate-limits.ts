import { createHash } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
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
import type { RateRule, SharedConfig } from '@tapinti/platform/config';
import { TooManyRequestsError } from '@tapinti/platform/errors';
import type { Logger } from '@tapinti/platform/logger';
import { readSessionToken } from '@tapinti/platform/session';
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
>;

type ClientKey = (req: Request) => string;

/**
 * The client's address (as `trust proxy` derived it); IPv6 addresses by their /56, which one
 * subscriber usually holds whole.
 */
const byAddress: ClientKey = (req) => `ip:${ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '')}`;

/** Signed-in readers by (a digest of) their session cookie, anyone else by address. */
const bySession: ClientKey = (req) => {
  const token = readSessionToken(req);
  return token ? `session:${createHash('sha256').update(token).digest('base64url')}` : byAddress(req);
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
}

function limitedEndpoints(settings: RateLimitSettings): LimitedEndpoint[] {
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
      key: bySession,
      // `/api/announcements/my` shares the pattern; only reads of one announcement (contacts) count.
      skip: (req) => !ANNOUNCEMENT_ID.test(String(req.params.id)),
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
 * Per-client request limits in front of the endpoints a script would hammer: login, registration,
 * organisation applications, upload URLs (per address) and announcement details with their
 * contacts (per session). Decided here, before any service hashes a password or reads a row:
 * over a limit the answer is 429 with `Retry-After` and the Azerbaijani message.
 */
export function clientRateLimits(settings: RateLimitSettings, logger: Logger): RequestHandler {
  const storeFor = storeFactory(settings);
  const router = Router();
  for (const { name, endpoint, rules, key, skip } of limitedEndpoints(settings)) {
    const limiters = rules.map(({ limit, windowSeconds }) => {
      const requestPropertyName = `rateLimit:${name}:${windowSeconds}`;
      return rateLimit({
        windowMs: windowSeconds * 1000,
        limit,
        keyGenerator: key,
        skip,
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
        handler: (req, _res, next) => {
          const reset = (req as unknown as Record<string, { resetTime?: Date }>)[requestPropertyName]
            ?.resetTime;
          const seconds = reset ? Math.ceil((reset.getTime() - Date.now()) / 1000) : windowSeconds;
          next(new TooManyRequestsError(undefined, Math.max(1, seconds)));
        },
      });
    });
    router[endpoint.method](endpoint.path, ...limiters);
  }
  return router;
}
