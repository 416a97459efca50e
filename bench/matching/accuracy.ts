// Accuracy of the matching engine on the labelled set (labelled-set.json): for each lost item,
// all found items (the pairs' and the distractors') are ranked and the true counterpart's rank
// is noted; and the same from each found item's side. Used by `npm run bench:matching` and by
// the unit test that holds a floor on it.
import type { MatchableAnnouncement } from '@tapinti/matching/engine';
import { rankCandidates } from '@tapinti/matching/engine';
import heldOutSet from './held-out-set.json';
import labelledSet from './labelled-set.json';

type Post = Omit<MatchableAnnouncement, 'id' | 'type'>;
type SetAnnouncement = MatchableAnnouncement & { id: string };

interface LabelledSet {
  pairs: Array<{ id: string; lost: Post; found: Post }>;
  distractors: Array<Post & { id: string; type: 'lost' | 'found' }>;
}

export interface DirectionAccuracy {
  queries: number;
  /** Each query's true counterpart's score, and the best score of a wrong candidate. */
  trueScores: number[];
  bestWrongScores: number[];
  top1: number;
  top3: number;
  /** Pairs whose counterpart was not first: id, its rank and score, and the first three candidates. */
  misses: Array<{ pairId: string; rank: number; score: number; top: Array<{ id: string; score: number }> }>;
}

export interface Accuracy {
  pairs: number;
  distractors: number;
  lostToFound: DirectionAccuracy;
  foundToLost: DirectionAccuracy;
  /** Both directions together. */
  top1: number;
  top3: number;
  /** Pair scores compared: candidates ranked in all. */
  comparisons: number;
}

/** The main set (the unit test's floor) or the held-out one (never used to tune the engine). */
export type SetName = 'labelled' | 'held-out' | 'both';

const SETS: Record<SetName, LabelledSet> = {
  labelled: labelledSet as LabelledSet,
  'held-out': heldOutSet as LabelledSet,
  // One pool: every post competes with both sets' posts (harder than either alone).
  both: {
    pairs: [...(labelledSet as LabelledSet).pairs, ...(heldOutSet as LabelledSet).pairs],
    distractors: [...(labelledSet as LabelledSet).distractors, ...(heldOutSet as LabelledSet).distractors],
  },
};

export function announcementsOfSet(name: SetName = 'labelled'): SetAnnouncement[] {
  const set = SETS[name];
  return [
    ...set.pairs.flatMap((p) => [
      { ...p.lost, id: `${p.id}-lost`, type: 'lost' as const },
      { ...p.found, id: `${p.id}-found`, type: 'found' as const },
    ]),
    ...set.distractors,
  ];
}

function direction(all: SetAnnouncement[], from: 'lost' | 'found'): DirectionAccuracy {
  const to = from === 'lost' ? 'found' : 'lost';
  const candidates = all.filter((a) => a.type === to);
  const queries = all.filter((a) => a.type === from && /-(lost|found)$/.test(a.id));
  const result: DirectionAccuracy = {
    queries: queries.length,
    trueScores: [],
    bestWrongScores: [],
    top1: 0,
    top3: 0,
    misses: [],
  };
  for (const query of queries) {
    const pairId = query.id.replace(/-(lost|found)$/, '');
    const ranked = rankCandidates(query, candidates, { limit: candidates.length });
    const rank = ranked.findIndex((r) => r.announcement.id === `${pairId}-${to}`) + 1;
    result.trueScores.push(ranked[rank - 1]?.score ?? 0);
    result.bestWrongScores.push(ranked.find((r) => r.announcement.id !== `${pairId}-${to}`)?.score ?? 0);
    if (rank === 1) result.top1++;
    else
      result.misses.push({
        pairId,
        rank,
        score: ranked[rank - 1]?.score ?? 0,
        top: ranked.slice(0, 3).map((r) => ({ id: r.announcement.id ?? '', score: r.score })),
      });
    if (rank >= 1 && rank <= 3) result.top3++;
  }
  return result;
}

export function measureAccuracy(name: SetName = 'labelled'): Accuracy {
  const set = SETS[name];
  const all = announcementsOfSet(name);
  const lostToFound = direction(all, 'lost');
  const foundToLost = direction(all, 'found');
  const queries = lostToFound.queries + foundToLost.queries;
  const lost = all.filter((a) => a.type === 'lost').length;
  const found = all.length - lost;
  return {
    pairs: set.pairs.length,
    distractors: set.distractors.length,
    lostToFound,
    foundToLost,
    top1: (lostToFound.top1 + foundToLost.top1) / queries,
    top3: (lostToFound.top3 + foundToLost.top3) / queries,
    comparisons: lostToFound.queries * found + foundToLost.queries * lost,
  };
}
