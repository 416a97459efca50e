import { funnelRate } from '../../src/store/analytics';

describe('funnel rate (spec §9: resolved / total requests as a rounded percent)', () => {
  it('rounds to a whole percent and is 0 without requests', () => {
    expect(funnelRate(0, 0)).toBe(0);
    expect(funnelRate(0, 5)).toBe(0);
    expect(funnelRate(1, 3)).toBe(33);
    expect(funnelRate(2, 3)).toBe(67);
    expect(funnelRate(1, 8)).toBe(13);
    expect(funnelRate(4, 4)).toBe(100);
  });
});
