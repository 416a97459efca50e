import { ServiceUnavailableError } from '@tapinti/platform/errors';
import { createPasswordHasher } from '../../src/security/passwords';

describe('password hashing bound', () => {
  it('admits concurrency + queue requests and refuses the next at once with 503 and Retry-After', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, queue: 2 });
    const hash = await hasher.hash('Parol-12345');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Three requests in password work (one verifying, two waiting), held open by the gate.
    const admitted = Array.from({ length: 3 }, () =>
      hasher.admit(async () => {
        await gate;
        return hasher.verify(hash, 'Parol-12345');
      }),
    );
    const started = Date.now();
    const refused = await hasher.admit(async () => 'ran').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(50);
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect((refused as ServiceUnavailableError).status).toBe(503);
    expect((refused as ServiceUnavailableError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as ServiceUnavailableError).message).toMatch(/yenidən cəhd edin/);

    release();
    expect(await Promise.all(admitted)).toEqual([true, true, true]);
    // Room again once they are done.
    await expect(hasher.admit(async () => 'ran')).resolves.toBe('ran');
  });
});
