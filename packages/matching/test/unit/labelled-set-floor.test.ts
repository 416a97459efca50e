import { measureAccuracy } from '../../../../bench/matching/accuracy';

/**
 * The floor under matching quality: on the labelled set (bench/matching/labelled-set.json), the
 * true counterpart must stay first for ≥ 85 % of posts and in the first three for ≥ 95 %, both
 * directions together. A change that makes matching worse fails here; `npm run bench:matching`
 * prints the figures and the misses.
 */
describe('matching quality on the labelled set', () => {
  const accuracy = measureAccuracy();

  it('is measured on at least 60 pairs and 30 distractors', () => {
    expect(accuracy.pairs).toBeGreaterThanOrEqual(60);
    expect(accuracy.distractors).toBeGreaterThanOrEqual(30);
  });

  it('puts the true counterpart first for at least 85 % and in the top 3 for at least 95 %', () => {
    expect(accuracy.top1).toBeGreaterThanOrEqual(0.85);
    expect(accuracy.top3).toBeGreaterThanOrEqual(0.95);
  });

  it('holds in each direction', () => {
    for (const d of [accuracy.lostToFound, accuracy.foundToLost]) {
      expect(d.top1 / d.queries).toBeGreaterThanOrEqual(0.85);
      expect(d.top3 / d.queries).toBeGreaterThanOrEqual(0.95);
    }
  });
});
