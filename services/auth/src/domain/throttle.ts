import { exponentialBackoff } from '@tapinti/platform/backoff';

/**
 * Failed-login throttling: after `maxFailures` attempts for one account identifier from one
 * address within `windowSeconds`, that pair is locked for `lockSeconds`. Other identifiers and
 * other addresses keep their own counters.
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const LOGIN_THROTTLE: ThrottlePolicy = {
  maxFailures: 10,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
};

/**
 * A looser limit per address over all identifiers, against one address trying many accounts.
 * High enough for many people behind one NAT.
 */
export const ADDRESS_THROTTLE: ThrottlePolicy = {
  maxFailures: 200,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
};

/**
 * One account guessed at from many addresses: past `freeAttempts` attempts in the window (from
 * anywhere), an address the account never signed in from gets one evaluation per `delay` seconds,
 * the delay doubling every `doublingEvery` further attempts up to `maxDelaySeconds`. Never a lock:
 * the owner's own addresses (a success there within `knownAddressSeconds`) are not paced at all,
 * and anyone else waits `Retry-After` at most `maxDelaySeconds`.
 */
export interface AccountPacingPolicy {
  freeAttempts: number;
  windowSeconds: number;
  baseDelaySeconds: number;
  doublingEvery: number;
  maxDelaySeconds: number;
  knownAddressSeconds: number;
}

export const ACCOUNT_PACING: AccountPacingPolicy = {
  freeAttempts: 10,
  windowSeconds: 15 * 60,
  baseDelaySeconds: 1,
  doublingEvery: 10,
  maxDelaySeconds: 32,
  knownAddressSeconds: 90 * 24 * 3600,
};

/** Whether this failure (the n-th attempt in the window) locks the pair. */
export function locksAfter(attempts: number, policy: ThrottlePolicy): boolean {
  return attempts >= policy.maxFailures;
}

/** Whether the n-th attempt in the window is beyond the limit (evaluated: no). */
export function exceeds(attempts: number, policy: ThrottlePolicy): boolean {
  return attempts > policy.maxFailures;
}

/** Seconds between evaluations for an account with `earlierAttempts` attempts in the window (0: none). */
export function pacingDelaySeconds(earlierAttempts: number, policy: AccountPacingPolicy): number {
  if (earlierAttempts < policy.freeAttempts) return 0;
  const doublings = Math.floor((earlierAttempts - policy.freeAttempts) / policy.doublingEvery);
  return exponentialBackoff(doublings, policy.baseDelaySeconds, policy.maxDelaySeconds);
}

/** Seconds a client should wait, from the lock's end time (ms since epoch); at least 1. */
export function retryAfterSeconds(lockedUntilMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((lockedUntilMs - nowMs) / 1000));
}
