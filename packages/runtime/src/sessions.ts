import { parseUserAccess, serializeUserAccess, type UserAccess } from '@tapinti/platform/session';
import type { KeyValueStore } from '@tapinti/ports/key-value-store';

const keyOf = (sessionId: string) => `session:${sessionId}`;
const accessKeyOf = (userId: string) => `user-access:${userId}`;

/** Server-side record of live sessions, so logout really ends one. */
export function sessionRegistry(kv: KeyValueStore) {
  return {
    async open(sessionId: string, userId: string, ttlSeconds: number) {
      await kv.set(keyOf(sessionId), userId, ttlSeconds);
    },
    async close(sessionId: string) {
      await kv.delete(keyOf(sessionId));
    },
    async isActive(sessionId: string) {
      return (await kv.get(keyOf(sessionId))) !== null;
    },
  };
}

/**
 * Each user's current role, organisation and active state (`user-access:<userId>`), which every
 * service's `authenticate` reads per request. Only auth writes it: whenever one of them changes
 * and at every sign-in, with the session lifetime as expiry, so the record outlives every
 * session of the user (each session starts with a write).
 */
export function userAccessRegistry(kv: KeyValueStore) {
  return {
    async write(userId: string, access: UserAccess, ttlSeconds: number) {
      await kv.set(accessKeyOf(userId), serializeUserAccess(access), ttlSeconds);
    },
    async read(userId: string): Promise<UserAccess | null> {
      return parseUserAccess(await kv.get(accessKeyOf(userId)));
    },
  };
}
export type UserAccessRegistry = ReturnType<typeof userAccessRegistry>;
