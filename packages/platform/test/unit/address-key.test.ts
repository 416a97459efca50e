import { addressKeyOf, deviceKeyOf } from '../../src/address-key';

const secret = 'a'.repeat(64);

describe('a client address as a keyed hash (issue 21, reports)', () => {
  it('is the same for the same address and secret, different otherwise, and never shows the address', () => {
    const key = addressKeyOf(secret, '203.0.113.7');
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(addressKeyOf(secret, '203.0.113.7')).toBe(key);
    expect(addressKeyOf(secret, '203.0.113.8')).not.toBe(key);
    expect(addressKeyOf('b'.repeat(64), '203.0.113.7')).not.toBe(key);
    expect(key).not.toContain('203');
  });

  it('keys a device cookie id apart from an address with the same text', () => {
    const id = '6f1c2b9e-0d4a-4c1e-9f3b-2a7d8e5c1b40';
    expect(deviceKeyOf(secret, id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(deviceKeyOf(secret, id)).toBe(deviceKeyOf(secret, id));
    expect(deviceKeyOf(secret, id)).not.toBe(addressKeyOf(secret, id));
    expect(deviceKeyOf('b'.repeat(64), id)).not.toBe(deviceKeyOf(secret, id));
  });
});
