import type { KeyValueStore } from './key-value-store';

/** One process's map with expiry; same semantics as the Redis adapter. */
export function createMemoryKeyValueStore(now: () => number = Date.now): KeyValueStore {
  const entries = new Map<string, { value: string; expiresAt: number | null }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: ttlSeconds ? now() + ttlSeconds * 1000 : null });
    },
    async delete(key) {
      entries.delete(key);
    },
    async increment(key, ttlSeconds) {
      const entry = live(key);
      const value = (entry ? Number(entry.value) : 0) + 1;
      entries.set(key, {
        value: String(value),
        expiresAt: entry ? entry.expiresAt : now() + ttlSeconds * 1000,
      });
      return value;
    },
    async ping() {},
    async close() {
      entries.clear();
    },
  };
}
