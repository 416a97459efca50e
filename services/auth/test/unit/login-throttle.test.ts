import { TooManyRequestsError } from '@tapinti/platform/errors';
import { createMemoryKeyValueStore } from '@tapinti/ports/memory-key-value-store';
import { LOGIN_THROTTLE } from '../../src/domain/throttle';
import { createLoginThrottle } from '../../src/store/login-throttle';

describe('failed-login throttle', () => {
  let now: number;
  const clock = () => new Date(now);
  const make = () =>
    createLoginThrottle(
      createMemoryKeyValueStore(() => now),
      clock,
    );
  beforeEach(() => {
    now = Date.parse('2025-08-25T10:00:00Z');
  });

  const fail = async (t: ReturnType<typeof make>, id: string, ip: string, times: number) => {
    for (let i = 0; i < times; i++) await t.recordFailure(id, ip);
  };

  it('locks one identifier from one address after 10 failures, with Retry-After', async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', LOGIN_THROTTLE.maxFailures - 1);
    await expect(t.check('alice', '10.0.0.1')).resolves.toBeUndefined();
    await fail(t, 'alice', '10.0.0.1', 1);
    const err = await t.check('alice', '10.0.0.1').catch((e) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect(err.status).toBe(429);
    expect(err.retryAfterSeconds).toBe(LOGIN_THROTTLE.lockSeconds);
  });

  it('does not affect other identifiers or other addresses', async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', 10);
    await expect(t.check('bob', '10.0.0.1')).resolves.toBeUndefined();
    await expect(t.check('alice', '10.0.0.2')).resolves.toBeUndefined();
  });

  it("a success from one address does not reset another address's counter", async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', 9);
    await t.recordSuccess('alice', '10.0.0.2');
    await fail(t, 'alice', '10.0.0.1', 1);
    await expect(t.check('alice', '10.0.0.1')).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('a success clears its own counter', async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', 9);
    await t.recordSuccess('alice', '10.0.0.1');
    await fail(t, 'alice', '10.0.0.1', 9);
    await expect(t.check('alice', '10.0.0.1')).resolves.toBeUndefined();
  });

  it('unlocks when the lock time is over', async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', 10);
    now += (LOGIN_THROTTLE.lockSeconds - 60) * 1000;
    const err = await t.check('alice', '10.0.0.1').catch((e) => e);
    expect(err.retryAfterSeconds).toBe(60);
    now += 61 * 1000;
    await expect(t.check('alice', '10.0.0.1')).resolves.toBeUndefined();
  });

  it('failures spread over more than the window do not lock', async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', 9);
    now += (LOGIN_THROTTLE.windowSeconds + 1) * 1000;
    await fail(t, 'alice', '10.0.0.1', 9);
    await expect(t.check('alice', '10.0.0.1')).resolves.toBeUndefined();
  });

  it('limits one address over many identifiers more loosely', async () => {
    const t = make();
    for (let i = 0; i < 200; i++) await t.recordFailure(`user${i}`, '10.0.0.9');
    await expect(t.check('someone-else', '10.0.0.9')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(t.check('someone-else', '10.0.0.10')).resolves.toBeUndefined();
  });
});
