import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import pLimit from 'p-limit';
import { ServiceUnavailableError } from '@tapinti/platform/errors';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * How much password work one process takes on: `concurrency` argon2 runs at once, and `queue`
 * more requests admitted to wait for one. Each run takes tens of milliseconds of a whole core.
 */
export interface HashingBound {
  concurrency: number;
  queue: number;
}

export const DEFAULT_HASHING_BOUND: HashingBound = { concurrency: 1, queue: 4 };

export interface PasswordHasher {
  /**
   * Runs `work` (a login, a registration: whatever hashes or verifies a password) if fewer than
   * `concurrency + queue` requests are in password work; otherwise refuses at once with 503 and
   * `Retry-After`, before `work` reads or counts anything. A storm of logins is answered in
   * milliseconds instead of queueing for tens of seconds, and the rest of the site keeps its cores.
   */
  admit<T>(work: () => Promise<T>): Promise<T>;
  hash(password: string): Promise<string>;
  /** False for a malformed hash too; never throws for a wrong password. */
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spends the same work as a real verification, for logins whose identifier matches no
   * account, so the answer's timing does not tell whether an account exists.
   */
  verifyDummy(password: string): Promise<false>;
  needsRehash(hash: string): boolean;
}

export function createPasswordHasher(bound: HashingBound = DEFAULT_HASHING_BOUND): PasswordHasher {
  // At most `concurrency` argon2 runs at once; the others wait in order.
  const runArgon2 = pLimit(bound.concurrency);
  let admitted = 0;
  let dummy: Promise<string> | undefined;
  const hash = (password: string) => runArgon2(() => argon2.hash(password, ARGON2_OPTIONS));
  const dummyHash = () => (dummy ??= hash(randomBytes(32).toString('base64url')));
  const verify = async (hash: string, password: string) => {
    try {
      return await runArgon2(() => argon2.verify(hash, password));
    } catch {
      return false;
    }
  };
  return {
    async admit(work) {
      if (admitted >= bound.concurrency + bound.queue) throw new ServiceUnavailableError();
      admitted += 1;
      try {
        return await work();
      } finally {
        admitted -= 1;
      }
    },
    hash,
    verify,
    async verifyDummy(password) {
      await verify(await dummyHash(), password);
      return false;
    },
    needsRehash(hash) {
      try {
        return argon2.needsRehash(hash, ARGON2_OPTIONS);
      } catch {
        return false;
      }
    },
  };
}
