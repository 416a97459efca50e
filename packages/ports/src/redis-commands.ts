import IORedis from 'ioredis';

/** Raw Redis commands on a connection of their own, for libraries that speak Redis themselves. */
export interface RedisCommandSender {
  send(command: string, ...args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/** Used by the gateway's rate limits (rate-limit-redis), whose counters every gateway instance shares. */
export function createRedisCommandSender(redisUrl: string): RedisCommandSender {
  const redis = new IORedis(redisUrl, { maxRetriesPerRequest: 3 });
  // Without a listener ioredis reports connection errors as unhandled; commands still fail.
  redis.on('error', () => undefined);
  return {
    send: (command, ...args) => redis.call(command, ...args),
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
