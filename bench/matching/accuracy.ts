// Accuracy of the matching engine on the labelled set (labelled-set.json): for each lost item,
// all found items (the pairs' and the distractors') are ranked and the true counterpart's rank
// is noted; and the same from each found item's side. Used by `npm run bench:matching` and by
// the unit test that holds a floor on it.
import type { MatchableAnnouncement } from '@tapinti/matching/engine';
import { rankCandidates } from '@tapinti/matching/engine';
import labelledSet from './labelled-set.json';

type Post = Omit<MatchableAnnouncement, 'id' | 'type'>;
type SetAnnouncement = MatchableAnnouncement & { id: string };

interface LabelledSet {
  pairs: Array<{ id: string; lost: Post; found: Post }>;
  distractors: Array<Post & { id: string; type: 'lost' | 'found' }>;
}

export interface DirectionAccuracy {
  queries: number;
  top1: number;
  top3: number;
  /** Pairs whose counterpart was not first: id, its rank, and what came first. */
  misses: Array<{ pairId: string; rank: number; first: string }>;
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

export function announcementsOfSet(): SetAnnouncement[] {
  const set = labelledSet as LabelledSet;
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
  const queries = all.filter((a) => a.type === from && !a.id.startsWith('d'));
  const result: DirectionAccuracy = { queries: queries.length, top1: 0, top3: 0, misses: [] };
  for (const query of queries) {
    const pairId = query.id.replace(/-(lost|found)$/, '');
    const ranked = rankCandidates(query, candidates, { limit: candidates.length });
    const rank = ranked.findIndex((r) => r.announcement.id === `${pairId}-${to}`) + 1;
    if (rank === 1) result.top1++;
    else result.misses.push({ pairId, rank, first: ranked[0]?.announcement.id ?? '' });
    if (rank >= 1 && rank <= 3) result.top3++;
  }
  return result;
}

export function measureAccuracy(): Accuracy {
  const set = labelledSet as LabelledSet;
  const all = announcementsOfSet();
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
