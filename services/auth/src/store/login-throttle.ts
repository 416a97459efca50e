import { createHash } from 'node:crypto';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { TooManyRequestsError } from '@tapinti/platform/errors';
import type { KeyValueStore } from '@tapinti/ports/key-value-store';
import type { Clock } from '@tapinti/runtime/service-module';
import {
  ACCOUNT_PACING,
  ADDRESS_THROTTLE,
  exceeds,
  LOGIN_THROTTLE,
  locksAfter,
  pacingDelaySeconds,
  retryAfterSeconds,
  type ThrottlePolicy,
} from '../domain/throttle';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** What the caller reports once the password was checked. */
export interface LoginAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

const throttled = (seconds: number) => new TooManyRequestsError(AUTH_MESSAGES.throttled, seconds);

/**
 * Login counters on the key-value port (Redis in distributed mode, the database in embedded):
 * - per (subject, address) pair: every attempt is reserved with one atomic increment BEFORE the
 *   password is checked, so concurrent guesses cannot get past `LOGIN_THROTTLE` evaluations;
 *   a known device of the account (its signed device cookie, issue 21) counts as a client of its
 *   own instead of the address: others' failures on a shared Wi-Fi never lock it out, nor does
 *   the address's lock or the account's pace apply to it (its own failures still lock it);
 * - per address: failures over all identifiers, looser;
 * - per account, over all addresses: attempts from addresses the account never signed in from
 *   are paced (ACCOUNT_PACING), never locked out.
 * The subject is the account (`user:<id>`) or, when no account matches, the identifier's digest.
 * Keys hold digests only.
 */
export function createLoginThrottle(kv: KeyValueStore, clock: Clock) {
  const keysOf = (subject: string, ip: string | null, knownDeviceId: string | null) => {
    const address = sha256(ip ?? 'unknown');
    const addressPair = sha256(`${subject}|${address}`);
    const pair = knownDeviceId ? sha256(`${subject}|device:${knownDeviceId}`) : addressPair;
    return {
      pairAttempts: `auth:login-attempts:${pair}`,
      pairLock: `auth:login-lock:${pair}`,
      // The owner's own addresses: a success there, from a known device or not.
      known: `auth:login-known:${addressPair}`,
      addressFailures: `auth:login-failures-ip:${address}`,
      addressLock: `auth:login-lock-ip:${address}`,
    };
  };

  async function lock(key: string, policy: ThrottlePolicy) {
    await kv.set(key, String(clock().getTime() + policy.lockSeconds * 1000), policy.lockSeconds);
  }

  /** One evaluation per delay slot for an account under attack, for addresses it never used. */
  async function pace(accountId: string, known: string, now: number) {
    if (await kv.get(known)) return;
    const account = sha256(accountId);
    const attempts = await kv.increment(
      `auth:login-attempts-account:${account}`,
      ACCOUNT_PACING.windowSeconds,
    );
    const delay = pacingDelaySeconds(attempts - 1, ACCOUNT_PACING);
    if (!delay) return;
    const slot = Math.floor(now / (delay * 1000));
    const taken = await kv.increment(`auth:login-pace:${account}:${delay}:${slot}`, delay + 1);
    if (taken > 1) throw throttled(retryAfterSeconds((slot + 1) * delay * 1000, now));
  }

  return {
    /**
     * Reserves one attempt for `subject` from `ip`, or throws 429 (with Retry-After) while the
     * pair or the address is locked, the pair has used its attempts, or the account's pace says
     * wait. `accountId`: the account the identifier names, if any; `knownDeviceId`: the request's
     * device, when it is a known device of that account (`knownDevices`), else null.
     */
    async reserve(
      subject: string,
      ip: string | null,
      accountId: string | null,
      knownDeviceId: string | null = null,
    ): Promise<LoginAttempt> {
      const now = clock().getTime();
      const keys = keysOf(subject, ip, knownDeviceId);
      for (const lockKey of knownDeviceId ? [keys.pairLock] : [keys.pairLock, keys.addressLock]) {
        const until = Number(await kv.get(lockKey));
        if (until > now) throw throttled(retryAfterSeconds(until, now));
      }
      const attempts = await kv.increment(keys.pairAttempts, LOGIN_THROTTLE.windowSeconds);
      if (exceeds(attempts, LOGIN_THROTTLE)) throw throttled(LOGIN_THROTTLE.lockSeconds);
      if (accountId && !knownDeviceId) await pace(accountId, keys.known, now);
      return {
        async failed() {
          if (locksAfter(attempts, LOGIN_THROTTLE)) await lock(keys.pairLock, LOGIN_THROTTLE);
          const failures = await kv.increment(keys.addressFailures, ADDRESS_THROTTLE.windowSeconds);
          if (locksAfter(failures, ADDRESS_THROTTLE)) {
            await lock(keys.addressLock, ADDRESS_THROTTLE);
            await kv.delete(keys.addressFailures);
          }
        },
        /** Clears this pair's attempts (never another address's) and remembers the address. */
        async succeeded() {
          await kv.delete(keys.pairAttempts);
          if (accountId) await kv.set(keys.known, '1', ACCOUNT_PACING.knownAddressSeconds);
        },
      };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Which browsers (device cookie ids) each account signed in on, for `ttlSeconds` after the last
 * sign-in there: a known device. Keys hold a digest of the pair only.
 */
export function knownDevices(kv: KeyValueStore, ttlSeconds: number) {
  const keyOf = (userId: string, deviceId: string) => `auth:known-device:${sha256(`${userId}|${deviceId}`)}`;
  return {
    async isKnown(userId: string, deviceId: string | null): Promise<boolean> {
      return deviceId !== null && (await kv.get(keyOf(userId, deviceId))) !== null;
    },
    async remember(userId: string, deviceId: string): Promise<void> {
      await kv.set(keyOf(userId, deviceId), '1', ttlSeconds);
    },
  };
}
export type KnownDevices = ReturnType<typeof knownDevices>;
