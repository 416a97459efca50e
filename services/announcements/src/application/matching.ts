import type { Knex } from 'knex';
import { MAX_ANNOUNCEMENT_MATCHES } from '@tapinti/contracts/announcements-api';
import { matchStreamId, type MatchFoundV1 } from '@tapinti/contracts/announcements-events';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { decideWithin } from '@tapinti/eventstore/command-handler';
import type { EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { rankCandidates } from '@tapinti/matching/engine';
import { matchDecider } from '../domain/match';
import { MATCH_POLICY, matchInputOf } from '../domain/matching-policy';
import {
  candidatesFor,
  deleteMatchesOf,
  findMatchable,
  isListed,
  upsertMatches,
  type MatchableRow,
} from '../store/matches';

export interface ComputedMatch {
  candidate: MatchableRow;
  score: number;
  reasons: string[];
}

/**
 * The best matches of an announcement: candidates pre-filtered by shared match keys (GIN
 * index), scored by the engine, the best `MAX_ANNOUNCEMENT_MATCHES` at or above the stored
 * minimum, best first. Reads only; what the at-scale benchmark times.
 */
export async function computeMatches(db: Knex, target: MatchableRow): Promise<ComputedMatch[]> {
  return rankMatches(target, await candidatesFor(db, target, MATCH_POLICY.candidatePool));
}

/**
 * The engine's best `MAX_ANNOUNCEMENT_MATCHES` of `candidates` for `target` at or above the stored
 * minimum, best first (also a venue's own items for a lost post it was asked about, issue 26.1).
 */
export function rankMatches<Row extends MatchableRow>(
  target: MatchableRow,
  candidates: Row[],
): Array<ComputedMatch & { candidate: Row }> {
  if (candidates.length === 0) return [];
  const ranked = rankCandidates(
    matchInputOf(target),
    candidates.map((row) => ({ ...matchInputOf(row), row })),
    { limit: MAX_ANNOUNCEMENT_MATCHES },
  );
  return ranked
    .filter((r) => r.score >= MATCH_POLICY.storedAtLeast)
    .map((r) => ({ candidate: r.announcement.row, score: r.score, reasons: r.reasons }));
}

/** Lost side first: the pair's stream id and the event name them in that order. */
const pairOf = (a: MatchableRow, b: MatchableRow) =>
  a.type === 'lost' ? { lost: a, found: b } : { lost: b, found: a };

/**
 * `announcements.match.found` for a pair, unless it was told before (maybe from the other side or
 * before an edit): once per pair, decided on the pair's stream in the caller's transaction.
 */
async function tellOnce(
  trx: Knex.Transaction,
  es: EventSourcing,
  pair: { lost: MatchableRow; found: MatchableRow },
  match: { score: number; reasons: string[] },
  metadata: EventMetadata,
): Promise<void> {
  const found: MatchFoundV1 = {
    lost: { announcementId: pair.lost.id, userId: pair.lost.user_id, title: pair.lost.title },
    found: { announcementId: pair.found.id, userId: pair.found.user_id, title: pair.found.title },
    score: match.score,
    reasons: match.reasons,
    foundAt: metadata.occurredAt,
  };
  await decideWithin(
    es,
    matchDecider,
    trx,
    matchStreamId(pair.lost.id, pair.found.id),
    (state) => matchDecider.decide({ type: 'tell', found }, state),
    metadata,
  );
}

/** What matching an announcement anew found; null when it left the list (nothing to store). */
export type Rematch = { target: MatchableRow; matches: ComputedMatch[] } | null;

/**
 * Reads only (outside the transaction that stores them): the announcement as it is now and, if
 * it is open and active, its best candidates.
 */
export async function findRematch(db: Knex, announcementId: string): Promise<Rematch> {
  const target = await findMatchable(db, announcementId);
  if (!target || target.status !== 'open' || !target.is_active) return null;
  return { target, matches: await computeMatches(db, target) };
}

/**
 * Matches an announcement anew (posted, edited or renewed) with what `findRematch` found, in the
 * caller's transaction: its old matches go (on both sides), and unless it left the list, its
 * best candidates are stored for it and — when it is public, so the other author may see it —
 * for each candidate too. A pair scoring at least `notifyAtLeast` is told to both authors, once
 * per pair.
 */
export async function storeRematch(
  trx: Knex.Transaction,
  es: EventSourcing,
  announcementId: string,
  found: Rematch,
  metadata: EventMetadata,
): Promise<void> {
  await deleteMatchesOf(trx, announcementId);
  if (!found) return;
  const { target, matches } = found;
  const matchedAt = new Date(metadata.occurredAt);
  await upsertMatches(
    trx,
    matches.flatMap((m) => {
      const forward = {
        announcementId: target.id,
        candidateId: m.candidate.id,
        score: m.score,
        reasons: m.reasons,
        matchedAt,
      };
      return isListed(target)
        ? [forward, { ...forward, announcementId: m.candidate.id, candidateId: target.id }]
        : [forward];
    }),
  );
  if (!isListed(target)) return;
  for (const m of matches) {
    if (m.score >= MATCH_POLICY.notifyAtLeast)
      await tellOnce(trx, es, pairOf(target, m.candidate), m, metadata);
  }
}

/** An announcement closed, deleted, archived or resolved: it is nobody's match any more. */
export async function dropMatches(trx: Knex.Transaction, announcementId: string): Promise<void> {
  await deleteMatchesOf(trx, announcementId);
}
