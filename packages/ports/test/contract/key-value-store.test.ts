import IORedis from 'ioredis';
import type { KeyValueStore } from '../../src/key-value-store';
import { createMemoryKeyValueStore } from '../../src/memory-key-value-store';
import { createRedisKeyValueStore } from '../../src/redis-key-value-store';
import { sleep, uniqueNamespace } from './support';

jest.setTimeout(20_000);

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const namespace = uniqueNamespace('kv');

const adapters: Array<[string, () => KeyValueStore]> = [
  ['memory', () => createMemoryKeyValueStore()],
  ['redis', () => createRedisKeyValueStore({ redisUrl, namespace })],
];

/** Whatever this run left in Redis goes. */
afterAll(async () => {
  const raw = new IORedis(redisUrl);
  try {
    const keys = await raw.keys(`${namespace}:*`);
    if (keys.length) await raw.del(...keys);
  } finally {
    await raw.quit();
  }
});

describe.each(adapters)('%s key-value store', (_adapter, create) => {
  let kv: KeyValueStore;
  beforeAll(() => {
    kv = create();
  });
  afterAll(async () => {
    await kv.close();
  });

  test('ping answers', async () => {
    await expect(kv.ping()).resolves.toBeUndefined();
  });

  test('get, set, overwrite and delete', async () => {
    expect(await kv.get('session:missing')).toBeNull();
    await kv.set('session:a', 'ə-value');
    expect(await kv.get('session:a')).toBe('ə-value');
    await kv.set('session:a', 'second');
    expect(await kv.get('session:a')).toBe('second');
    await kv.delete('session:a');
    expect(await kv.get('session:a')).toBeNull();
    await expect(kv.delete('session:a')).resolves.toBeUndefined();
  });

  test('a value with a ttl expires; one without stays', async () => {
    await kv.set('ttl:short', 'soon gone', 1);
    await kv.set('ttl:none', 'stays');
    expect(await kv.get('ttl:short')).toBe('soon gone');
    await sleep(1150);
    expect(await kv.get('ttl:short')).toBeNull();
    expect(await kv.get('ttl:none')).toBe('stays');
  });

  test('setting again replaces the ttl', async () => {
    await kv.set('ttl:replaced', 'one', 1);
    await kv.set('ttl:replaced', 'two');
    await sleep(1150);
    expect(await kv.get('ttl:replaced')).toBe('two');
  });

  test('increment counts from one; its ttl is set when the key is created and not moved after', async () => {
    expect(await kv.increment('throttle:ip', 1)).toBe(1);
    await sleep(600);
    expect(await kv.increment('throttle:ip', 1)).toBe(2);
    expect(await kv.get('throttle:ip')).toBe('2');
    // 1.15 s after creation (0.55 s after the last increment): expired, so it starts over.
    await sleep(550);
    expect(await kv.get('throttle:ip')).toBeNull();
    expect(await kv.increment('throttle:ip', 60)).toBe(1);
    expect(await kv.increment('throttle:ip', 60)).toBe(2);
    await kv.delete('throttle:ip');
    expect(await kv.increment('throttle:ip', 60)).toBe(1);
    await kv.delete('throttle:ip');
  });

  test('concurrent increments lose no update', async () => {
    const values = await Promise.all(Array.from({ length: 20 }, () => kv.increment('throttle:burst', 60)));
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await kv.delete('throttle:burst');
  });
});

test('the redis store keeps its keys under `<namespace>:`', async () => {
  const kv = createRedisKeyValueStore({ redisUrl, namespace });
  const raw = new IORedis(redisUrl);
  try {
    await kv.set('visible', 'yes', 30);
    expect(await raw.get(`${namespace}:visible`)).toBe('yes');
    expect(await raw.get('visible')).not.toBe('yes');
    await kv.increment('counted', 30);
    const ttl = await raw.ttl(`${namespace}:counted`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30);
  } finally {
    await raw.del(`${namespace}:visible`, `${namespace}:counted`);
    await raw.quit();
    await kv.close();
  }
});
