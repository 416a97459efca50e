// npm run bench:matching: top-1/top-3 accuracy of the matching engine on the labelled and held-out
// sets (and both pooled), each miss with its first candidates, and
// the mean time of one match in memory; then bench/matching/at-scale.ts (matching against
// 100 000 announcements in the database) when it exists. See packages/matching/README.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { matchKeys, scoreMatch } from '@tapinti/matching/engine';
import { announcementsOfSet, measureAccuracy, type DirectionAccuracy } from './accuracy';

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

function print(name: string, d: DirectionAccuracy) {
  console.log(
    `[bench:matching] ${name}: top-1 ${percent(d.top1 / d.queries)} (${d.top1}/${d.queries}), ` +
      `top-3 ${percent(d.top3 / d.queries)} (${d.top3}/${d.queries})`,
  );
  for (const miss of d.misses) {
    const top = miss.top.map((c) => `${c.id} ${c.score}`).join(', ');
    console.log(
      `[bench:matching]   miss ${miss.pairId}: counterpart ranked ${miss.rank} (${miss.score}); top: ${top}`,
    );
  }
}

// Cold: the first pass builds the normalisation caches, as a fresh service would.
const coldStart = performance.now();
const accuracy = measureAccuracy();
const coldMs = performance.now() - coldStart;
console.log(`[bench:matching] labelled set: ${accuracy.pairs} pairs, ${accuracy.distractors} distractors`);
print('lost → found', accuracy.lostToFound);
print('found → lost', accuracy.foundToLost);
console.log(
  `[bench:matching] top-1 ${percent(accuracy.top1)}, top-3 ${percent(accuracy.top3)} (both directions)`,
);

const heldOut = measureAccuracy('held-out');
console.log(
  `[bench:matching] held-out set (${heldOut.pairs} pairs, ${heldOut.distractors} distractors, never tuned on): ` +
    `top-1 ${percent(heldOut.top1)}, top-3 ${percent(heldOut.top3)} (both directions)`,
);
print('held-out lost → found', heldOut.lostToFound);
print('held-out found → lost', heldOut.foundToLost);

const both = measureAccuracy('both');
console.log(
  `[bench:matching] both sets as one pool (${both.pairs} pairs, ${both.distractors} distractors): ` +
    `top-1 ${percent(both.top1)}, top-3 ${percent(both.top3)} (both directions)`,
);
print('both lost → found', both.lostToFound);
print('both found → lost', both.foundToLost);

// Where a threshold separates true pairs from the best wrong candidate (for the notify policy).
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;
const trueScores = [...both.lostToFound.trueScores, ...both.foundToLost.trueScores];
const wrongScores = [...both.lostToFound.bestWrongScores, ...both.foundToLost.bestWrongScores];
console.log(
  `[bench:matching] scores: true pair min ${quantile(trueScores, 0)}, 5th pct ${quantile(trueScores, 0.05)}, ` +
    `median ${quantile(trueScores, 0.5)}; best wrong candidate median ${quantile(wrongScores, 0.5)}, ` +
    `95th pct ${quantile(wrongScores, 0.95)}, max ${quantile(wrongScores, 1)}`,
);
for (const threshold of [0.5, 0.55, 0.6, 0.65, 0.7]) {
  const kept = trueScores.filter((x) => x >= threshold).length;
  const wrong = wrongScores.filter((x) => x >= threshold).length;
  console.log(
    `[bench:matching]   at ${threshold}: ${kept}/${trueScores.length} true pairs reach it, ` +
      `${wrong}/${wrongScores.length} posts have a wrong candidate reaching it`,
  );
}

// Warm: the same comparisons again, profiles cached as in a running service.
const all = announcementsOfSet();
const losts = all.filter((a) => a.type === 'lost');
const founds = all.filter((a) => a.type === 'found');
const rounds = 5;
const warmStart = performance.now();
for (let r = 0; r < rounds; r++)
  for (const lost of losts) for (const found of founds) scoreMatch(lost, found);
const warmMs = (performance.now() - warmStart) / (rounds * losts.length * founds.length);
console.log(
  `[bench:matching] mean time per match (in memory): ${(coldMs / accuracy.comparisons).toFixed(3)} ms cold ` +
    `(first sight of each post), ${(warmMs * 1000).toFixed(1)} µs warm (${accuracy.comparisons} and ` +
    `${rounds * losts.length * founds.length} pair scores)`,
);

// The storage pre-filter: a true pair must share a match key, or the database never offers it.
const pool = announcementsOfSet('both');
const poolLosts = pool.filter((a) => a.type === 'lost');
const poolFounds = pool.filter((a) => a.type === 'found');
const keysOf = new Map(pool.map((a) => [a.id, new Set(matchKeys(a))]));
const pairIds = poolLosts.filter((a) => a.id.endsWith('-lost')).map((a) => a.id.replace(/-lost$/, ''));
const sharing = pairIds.filter((id) =>
  matchKeys(pool.find((a) => a.id === `${id}-found`)!).some((k) => keysOf.get(`${id}-lost`)!.has(k)),
);
const offered = poolLosts.map(
  (lost) => poolFounds.filter((f) => matchKeys(f).some((k) => keysOf.get(lost.id)!.has(k))).length,
);
console.log(
  `[bench:matching] match keys: ${sharing.length}/${pairIds.length} pairs share a key; a lost item shares one with ` +
    `${(offered.reduce((s, n) => s + n, 0) / poolLosts.length).toFixed(1)} of ${poolFounds.length} found items on average`,
);
for (const id of pairIds.filter((p) => !sharing.includes(p)))
  console.log(`[bench:matching]   ${id}: no key in common`);

const atScale = path.join(import.meta.dirname, 'at-scale.ts');
if (existsSync(atScale)) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', atScale], {
    stdio: 'inherit',
    env: process.env,
  });
  process.exit(run.status ?? 1);
}
