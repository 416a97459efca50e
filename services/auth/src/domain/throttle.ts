/**
 * Failed-login throttling: after `maxFailures` failures for one account identifier from one
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

/** Whether this failure (the n-th in the window) locks the pair. */
export function locksAfter(failures: number, policy: ThrottlePolicy): boolean {
  return failures >= policy.maxFailures;
}

/** Seconds a client should wait, from the lock's end time (ms since epoch); at least 1. */
export function retryAfterSeconds(lockedUntilMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((lockedUntilMs - nowMs) / 1000));
}
