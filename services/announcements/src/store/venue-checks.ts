import type { Knex } from 'knex';
import type { VenueCheckAskedV1 } from '@tapinti/contracts/venue-checks-events';
import { MATCHABLE_COLUMNS, matchableSelection, type MatchableRow } from './matches';
import { PUBLIC_COLUMNS, TABLE, type AnnouncementRow } from './queries';

const PAIRS = 'announcements.venue_check_pairs';

/** The copy of an ask (a redelivered event changes nothing). */
export async function recordVenueCheckPair(trx: Knex.Transaction, p: VenueCheckAskedV1): Promise<void> {
  await trx(PAIRS)
    .insert({ announcement_id: p.announcementId, organization_id: p.organizationId, asked_at: p.askedAt })
    .onConflict(['announcement_id', 'organization_id'])
    .ignore();
}

export async function wasAsked(db: Knex, announcementId: string, organizationId: string): Promise<boolean> {
  return !!(await db(PAIRS)
    .where({ announcement_id: announcementId, organization_id: organizationId })
    .first('asked_at'));
}

export type CandidateRow = MatchableRow & Pick<AnnouncementRow, (typeof PUBLIC_COLUMNS)[number]>;

const COLUMNS = [...new Set<string>([...MATCHABLE_COLUMNS, ...PUBLIC_COLUMNS])];

/** The lost post, whatever its state now (not deleted), with what matching reads of it. */
export async function findAskedPost(db: Knex, id: string): Promise<CandidateRow | null> {
  return (
    (await db(TABLE)
      .select(matchableSelection(db, COLUMNS))
      .where({ id, type: 'lost' })
      .whereNull('deleted_at')
      .first()) ?? null
  );
}

/**
 * The organisation's own open found items, newest first (at most `limit`): the venue sees its own
 * items whether or not they are public, so the engine ranks all of them, not only those sharing a key.
 */
export async function foundItemsOf(db: Knex, organizationId: string, limit: number): Promise<CandidateRow[]> {
  return db(TABLE)
    .select(matchableSelection(db, COLUMNS))
    .where({ organization_id: organizationId, type: 'found', status: 'open', is_active: true })
    .whereNull('deleted_at')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
}
