import {
  ANNOUNCEMENT_EVENTS,
  announcementApprovedV1Schema,
  announcementArchivedV1Schema,
  announcementClosedV1Schema,
  announcementCreatedV1Schema,
  announcementCreatedV2Schema,
  announcementDeletedV1Schema,
  announcementHeldForReviewV1Schema,
  announcementHiddenV1Schema,
  announcementResolvedV1Schema,
  announcementRestoredV1Schema,
  type AnnouncementCreatedV1,
} from '@tapinti/contracts/announcements-events';
import { AUTH_EVENTS, userDeletedV1 } from '@tapinti/contracts/auth-events';
import { on, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import { placeColumnsOf, searchColumnsOf } from '@tapinti/matching/search-columns';
import type { Knex } from '@tapinti/platform/db';
import { ALERT_CANDIDATES_TABLE, SAVED_SEARCHES_TABLE } from '../store/saved-searches';

export const SAVED_SEARCH_CANDIDATES_GROUP = 'notifications.saved-search-candidates';

/**
 * A new announcement, with the search columns the board's search reads, for the saved searches'
 * alerts (issue 26): listed if public. Created again (a redelivery): nothing changes.
 */
async function recordCandidate(trx: Knex.Transaction, p: AnnouncementCreatedV1) {
  const search = searchColumnsOf(p);
  await trx(ALERT_CANDIDATES_TABLE)
    .insert({
      announcement_id: p.announcementId,
      author_id: p.userId,
      type: p.type,
      title: p.title,
      category: p.category,
      reward_amount: p.rewardAmount,
      place_area: placeColumnsOf(p).place_area,
      search_text: search.search_text,
      search_folded: search.search_folded,
      search_terms: search.search_terms,
      listed: p.isPublic,
      created_at: p.createdAt,
    })
    .onConflict('announcement_id')
    .ignore();
}

/**
 * Whether the board shows it follows moderation and its life: held for review or hidden it is
 * not (no alert about it; the held one's event comes in the created one's transaction, before the
 * job looks), approved or restored it is again; closed, archived, deleted for good. A candidate
 * already matched stays matched: only a new announcement alerts, once.
 */
const listed = (value: boolean) => async (trx: Knex.Transaction, p: { announcementId: string }) => {
  await trx(ALERT_CANDIDATES_TABLE).where({ announcement_id: p.announcementId }).update({ listed: value });
};

/** A deleted account is told nothing more: its saved searches (and their matches) go at once. */
async function forgetAccount(trx: Knex.Transaction, p: { userId: string }) {
  await trx(SAVED_SEARCHES_TABLE).where({ user_id: p.userId }).delete();
}

export function savedSearchCandidates(): ConsumerGroup {
  return {
    groupId: SAVED_SEARCH_CANDIDATES_GROUP,
    handlers: {
      [ANNOUNCEMENT_EVENTS.created]: {
        1: on(announcementCreatedV1Schema, recordCandidate),
        2: on(announcementCreatedV2Schema, recordCandidate),
      },
      [ANNOUNCEMENT_EVENTS.heldForReview]: { 1: on(announcementHeldForReviewV1Schema, listed(false)) },
      [ANNOUNCEMENT_EVENTS.hidden]: { 1: on(announcementHiddenV1Schema, listed(false)) },
      [ANNOUNCEMENT_EVENTS.approved]: { 1: on(announcementApprovedV1Schema, listed(true)) },
      [ANNOUNCEMENT_EVENTS.restored]: { 1: on(announcementRestoredV1Schema, listed(true)) },
      [ANNOUNCEMENT_EVENTS.archived]: { 1: on(announcementArchivedV1Schema, listed(false)) },
      [ANNOUNCEMENT_EVENTS.resolved]: { 1: on(announcementResolvedV1Schema, listed(false)) },
      [ANNOUNCEMENT_EVENTS.closed]: { 1: on(announcementClosedV1Schema, listed(false)) },
      [ANNOUNCEMENT_EVENTS.deleted]: { 1: on(announcementDeletedV1Schema, listed(false)) },
      [AUTH_EVENTS.deleted]: { 1: on(userDeletedV1, forgetAccount) },
    },
  };
}
