import { randomUUID } from 'node:crypto';
import { handoverCodeOf, isHandoverCode } from '../../src/handover-code';

describe('hand-over codes', () => {
  const secret = 'a-platform-secret-of-32-characters!';

  it('are 6 digits, the same for a request and generation, different for another', () => {
    const requestId = randomUUID();
    const code = handoverCodeOf(secret, requestId, 1);
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(handoverCodeOf(secret, requestId, 1)).toBe(code);
    expect(handoverCodeOf(secret, requestId.toUpperCase(), 1)).toBe(code);
    const others = new Set(Array.from({ length: 50 }, () => handoverCodeOf(secret, randomUUID(), 1)));
    expect(others.size).toBeGreaterThan(45);
    expect(isHandoverCode(secret, requestId, 1, code)).toBe(true);
    expect(isHandoverCode(secret, requestId, 2, code)).toBe(handoverCodeOf(secret, requestId, 2) === code);
    expect(isHandoverCode('another-secret-of-32-characters!!!!', requestId, 1, code)).toBe(
      handoverCodeOf('another-secret-of-32-characters!!!!', requestId, 1) === code,
    );
    expect(isHandoverCode(secret, requestId, 1, `${code}0`)).toBe(false);
  });
});
