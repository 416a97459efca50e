import { createHash } from 'node:crypto';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { TooManyRequestsError } from '@tapinti/platform/errors';
import type { KeyValueStore } from '@tapinti/ports/key-value-store';
import type { Clock } from '@tapinti/runtime/service-module';
import {
  ADDRESS_THROTTLE,
  LOGIN_THROTTLE,
  locksAfter,
  retryAfterSeconds,
  type ThrottlePolicy,
} from '../domain/throttle';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface Counter {
  failures: string;
  lock: string;
  policy: ThrottlePolicy;
}

/**
 * Failed-login counters on the key-value port (Redis in distributed mode, memory in embedded):
 * one per (subject, address) pair and a looser one per address. The subject is the account
 * (`user:<id>`) or, when no account matches, the identifier's digest. Keys hold digests only.
 */
export function createLoginThrottle(kv: KeyValueStore, clock: Clock) {
  const countersOf = (subject: string, ip: string | null): Counter[] => {
    const address = sha256(ip ?? 'unknown');
    const pair = sha256(`${subject}|${address}`);
    return [
      { failures: `auth:login-failures:${pair}`, lock: `auth:login-lock:${pair}`, policy: LOGIN_THROTTLE },
      {
        failures: `auth:login-failures-ip:${address}`,
        lock: `auth:login-lock-ip:${address}`,
        policy: ADDRESS_THROTTLE,
      },
    ];
  };

  return {
    /** Throws 429 (with Retry-After) while the pair or the address is locked. */
    async check(subject: string, ip: string | null): Promise<void> {
      const now = clock().getTime();
      for (const counter of countersOf(subject, ip)) {
        const until = Number(await kv.get(counter.lock));
        if (until > now)
          throw new TooManyRequestsError(AUTH_MESSAGES.throttled, retryAfterSeconds(until, now));
      }
    },
    async recordFailure(subject: string, ip: string | null): Promise<void> {
      for (const counter of countersOf(subject, ip)) {
        const failures = await kv.increment(counter.failures, counter.policy.windowSeconds);
        if (locksAfter(failures, counter.policy)) {
          const until = clock().getTime() + counter.policy.lockSeconds * 1000;
          await kv.set(counter.lock, String(until), counter.policy.lockSeconds);
          await kv.delete(counter.failures);
        }
      }
    },
    /** A success clears this pair's counter only (never another address's). */
    async recordSuccess(subject: string, ip: string | null): Promise<void> {
      const [pair] = countersOf(subject, ip);
      await kv.delete(pair!.failures);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
