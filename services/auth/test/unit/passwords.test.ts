import { createPasswordHasher } from '../../src/security/passwords';

describe('password hashing', () => {
  const hasher = createPasswordHasher();

  it('hashes with argon2id, salted, and verifies', async () => {
    const a = await hasher.hash('Parol-12345');
    const b = await hasher.hash('Parol-12345');
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'Parol-12345')).toBe(true);
    expect(await hasher.verify(a, 'parol-12345')).toBe(false);
    expect(hasher.needsRehash(a)).toBe(false);
  });

  it('answers false (not an error) for a malformed hash and for the dummy check', async () => {
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });
});
