import { exponentialBackoff } from '../../src/backoff';

describe('exponentialBackoff', () => {
  it('doubles from the base at each step, up to the cap', () => {
    expect([0, 1, 2, 3].map((step) => exponentialBackoff(step, 50))).toEqual([50, 100, 200, 400]);
    expect(exponentialBackoff(10, 50, 5000)).toBe(5000);
    expect(exponentialBackoff(-1, 10)).toBe(10);
  });

  it('stays finite for a very large step', () => {
    expect(exponentialBackoff(1e6, 1)).toBe(2 ** 30);
    expect(exponentialBackoff(1e6, 1, 900)).toBe(900);
  });
});
