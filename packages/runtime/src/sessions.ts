import type { KeyValueStore } from '@tapinti/ports/key-value-store';

const keyOf = (sessionId: string) => `session:${sessionId}`;

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
