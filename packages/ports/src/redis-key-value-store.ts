import IORedis from 'ioredis';
import type { KeyValueStore } from './key-value-store';

export interface RedisKeyValueStoreOptions {
  redisUrl: string;
  /** Prefixes every key (`<namespace>:<key>`) so environments can share a Redis. */
  namespace?: string;
}

const INCREMENT_SCRIPT = `
local value = redis.call('INCR', KEYS[1])
if value == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return value`;

/** Keys with expiry in Redis; shared by every instance of every service. */
export function createRedisKeyValueStore(options: RedisKeyValueStoreOptions): KeyValueStore {
  const redis = new IORedis(options.redisUrl, {
    keyPrefix: options.namespace ? `${options.namespace}:` : undefined,
    maxRetriesPerRequest: 3,
  });
  // Without a listener ioredis reports connection errors as unhandled; commands still fail.
  redis.on('error', () => undefined);

  return {
    async get(key) {
      return redis.get(key);
    },
    async set(key, value, ttlSeconds) {
      if (ttlSeconds) await redis.set(key, value, 'EX', ttlSeconds);
      else await redis.set(key, value);
    },
    async delete(key) {
      await redis.del(key);
    },
    async increment(key, ttlSeconds) {
      // Atomic, one round trip: the expiry is set by the INCR that created the key and never moved.
      const value = await redis.eval(INCREMENT_SCRIPT, 1, key, ttlSeconds);
      return Number(value);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
