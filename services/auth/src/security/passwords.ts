import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export interface PasswordHasher {
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

export function createPasswordHasher(): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= argon2.hash(randomBytes(32).toString('base64url'), ARGON2_OPTIONS));
  const verify = async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => argon2.hash(password, ARGON2_OPTIONS),
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
