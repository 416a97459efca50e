import { TooManyRequestsError } from '@tapinti/platform/errors';
import { createMemoryKeyValueStore } from '@tapinti/ports/memory-key-value-store';
import {
  ACCOUNT_PACING,
  ADDRESS_THROTTLE,
  LOGIN_THROTTLE,
  pacingDelaySeconds,
} from '../../src/domain/throttle';
import { createLoginThrottle } from '../../src/store/login-throttle';

describe('login throttle', () => {
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
  type Throttle = ReturnType<typeof make>;

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: unknown) => e,
    );
  const fail = async (
    t: Throttle,
    subject: string,
    ip: string,
    times: number,
    account: string | null = null,
  ) => {
    for (let i = 0; i < times; i++) await (await t.reserve(subject, ip, account)).failed();
  };

  it('locks one identifier from one address after 10 failures, with Retry-After', async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', LOGIN_THROTTLE.maxFailures - 1);
    await fail(t, 'alice', '10.0.0.1', 1);
    const err = (await refusal(t.reserve('alice', '10.0.0.1', null))) as TooManyRequestsError;
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect(err.status).toBe(429);
    expect(err.retryAfterSeconds).toBe(LOGIN_THROTTLE.lockSeconds);
  });

  it('reserves before the verdict: concurrent attempts beyond the limit are refused unevaluated', async () => {
    const t = make();
    const results = await Promise.allSettled(
      Array.from({ length: 150 }, () => t.reserve('alice', '10.0.0.1', 'alice-id')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LOGIN_THROTTLE.maxFailures);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(TooManyRequestsError);
  });

  it('does not affect other identifiers or other addresses', async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', 10);
    await expect(t.reserve('bob', '10.0.0.1', null)).resolves.toBeDefined();
    await expect(t.reserve('alice', '10.0.0.2', null)).resolves.toBeDefined();
  });

  it("a success from one address does not reset another address's counter", async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', 9);
    await (await t.reserve('alice', '10.0.0.2', null)).succeeded();
    await fail(t, 'alice', '10.0.0.1', 1);
    await expect(t.reserve('alice', '10.0.0.1', null)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('a success clears its own counter', async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', 9);
    await (await t.reserve('alice', '10.0.0.1', null)).succeeded();
    await fail(t, 'alice', '10.0.0.1', 9);
    await expect(t.reserve('alice', '10.0.0.1', null)).resolves.toBeDefined();
  });

  it('unlocks when the lock time is over', async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', 10);
    now += (LOGIN_THROTTLE.lockSeconds - 60) * 1000;
    const err = (await refusal(t.reserve('alice', '10.0.0.1', null))) as TooManyRequestsError;
    expect(err.retryAfterSeconds).toBe(60);
    now += 61 * 1000;
    await expect(t.reserve('alice', '10.0.0.1', null)).resolves.toBeDefined();
  });

  it('attempts spread over more than the window do not lock', async () => {
    const t = make();
    await fail(t, 'alice', '10.0.0.1', 9);
    now += (LOGIN_THROTTLE.windowSeconds + 1) * 1000;
    await fail(t, 'alice', '10.0.0.1', 9);
    await expect(t.reserve('alice', '10.0.0.1', null)).resolves.toBeDefined();
  });

  it('limits one address over many identifiers more loosely', async () => {
    const t = make();
    for (let i = 0; i < ADDRESS_THROTTLE.maxFailures; i++) await fail(t, `user${i}`, '10.0.0.9', 1);
    await expect(t.reserve('someone-else', '10.0.0.9', null)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(t.reserve('someone-else', '10.0.0.10', null)).resolves.toBeDefined();
  });

  // Issue 21: a shared Wi-Fi, where an attacker guesses from the owner's own address.
  it("counts a known device of the account apart: others' failures on its address never lock it", async () => {
    const t = make();
    await fail(t, 'user:alice', '10.0.0.1', LOGIN_THROTTLE.maxFailures);
    await expect(t.reserve('user:alice', '10.0.0.1', 'alice')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(t.reserve('user:alice', '10.0.0.1', 'alice', 'device-1')).resolves.toBeDefined();
    // The address's own lock (many accounts tried from it) does not stop the known device either.
    for (let i = LOGIN_THROTTLE.maxFailures; i < ADDRESS_THROTTLE.maxFailures; i++)
      await fail(t, `user:u${i}`, '10.0.0.1', 1);
    await expect(t.reserve('user:bob', '10.0.0.1', 'bob')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(t.reserve('user:alice', '10.0.0.1', 'alice', 'device-1')).resolves.toBeDefined();
    // Its own failures lock it, and only it.
    const device = make();
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++)
      await (await device.reserve('user:alice', '10.0.0.2', 'alice', 'device-1')).failed();
    await expect(device.reserve('user:alice', '10.0.0.2', 'alice', 'device-1')).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
    await expect(device.reserve('user:alice', '10.0.0.2', 'alice', 'device-2')).resolves.toBeDefined();
    await expect(device.reserve('user:alice', '10.0.0.2', 'alice')).resolves.toBeDefined();
  });

  describe('one account guessed at from many addresses', () => {
    const attack = async (t: Throttle, addresses: number) => {
      for (let i = 0; i < addresses; i++)
        await refusal(t.reserve('user:alice', `203.0.113.${i}`, 'alice').then((a) => a.failed()));
    };

    it('paces addresses the account never used: one evaluation per delay, with Retry-After', async () => {
      const t = make();
      await attack(t, ACCOUNT_PACING.freeAttempts);
      await expect(t.reserve('user:alice', '198.51.100.1', 'alice')).resolves.toBeDefined();
      const err = (await refusal(t.reserve('user:alice', '198.51.100.2', 'alice'))) as TooManyRequestsError;
      expect(err).toBeInstanceOf(TooManyRequestsError);
      expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(err.retryAfterSeconds).toBeLessThanOrEqual(ACCOUNT_PACING.maxDelaySeconds);
      // Not a lock: after the delay the next address is evaluated again.
      now += err.retryAfterSeconds! * 1000;
      await expect(t.reserve('user:alice', '198.51.100.3', 'alice')).resolves.toBeDefined();
    });

    it('never paces the owner at an address they signed in from', async () => {
      const t = make();
      await (await t.reserve('user:alice', '192.0.2.7', 'alice')).succeeded();
      await attack(t, 200);
      for (let i = 0; i < 3; i++)
        await expect(t.reserve('user:alice', '192.0.2.7', 'alice')).resolves.toBeDefined();
    });

    it('the delay grows with the attempts, up to a bound', () => {
      const delays = [0, 9, 10, 19, 20, 30, 40, 1000].map((n) => pacingDelaySeconds(n, ACCOUNT_PACING));
      expect(delays).toEqual([0, 0, 1, 1, 2, 4, 8, ACCOUNT_PACING.maxDelaySeconds]);
    });
  });
});
