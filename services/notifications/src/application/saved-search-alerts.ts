import { boardFilterConditions } from '@tapinti/matching/search-conditions';
import { searchWordsOf, withTyposIn } from '@tapinti/matching/search-document';
import type { Knex } from '@tapinti/platform/db';
import {
  describeSavedSearch,
  emailDue,
  homeLinkOf,
  savedSearchEmail,
  savedSearchHit,
} from '../domain/saved-search-alerts';
import {
  ALERT_CANDIDATES_TABLE,
  SAVED_SEARCH_HITS_TABLE,
  SAVED_SEARCHES_TABLE,
  type AlertCandidateRow,
  type SavedSearchRow,
} from '../store/saved-searches';
import { notify } from './notify';
import { placeNameOf } from './saved-searches';

/** New announcements matched per run (the rest on the next). */
const CANDIDATES_PER_RUN = 50;

/**
 * Whether the saved search matches the announcement: the board's own search conditions
 * (`boardFilterConditions`, as `GET /api/announcements` filters its read model) over this
 * service's copy of the announcement's search columns. The typo stems a word may match are those
 * the announcement has (the list keeps those some announcement has: for one row, the same).
 */
async function matches(trx: Knex.Transaction, search: SavedSearchRow, candidate: AlertCandidateRow) {
  const words = withTyposIn(searchWordsOf(search.search ?? undefined), new Set(candidate.search_terms));
  const q = trx(ALERT_CANDIDATES_TABLE)
    .select('announcement_id')
    .where('announcement_id', candidate.announcement_id);
  for (const condition of boardFilterConditions({
    words,
    category: search.category ?? undefined,
    rewards: search.rewards,
    place: search.place ?? undefined,
  }))
    q.andWhereRaw(condition.sql, condition.bindings);
  return (await q.first()) !== undefined;
}

/**
 * Matches each new listed announcement once against the confirmed saved searches older than it
 * (of the right type; never the author's own): a hit row per match, and an in-app alert at once
 * for an account's search. Claiming the candidate (`matched_at`) and writing its hits is one
 * transaction, so a run repeated or racing another matches it once.
 */
export async function matchNewAnnouncements(context: { knex: Knex; clock: () => Date }): Promise<number> {
  const due: Array<{ announcement_id: string }> = await context
    .knex(ALERT_CANDIDATES_TABLE)
    .select('announcement_id')
    .where({ listed: true })
    .whereNull('matched_at')
    .orderBy('created_at')
    .limit(CANDIDATES_PER_RUN);
  let hits = 0;
  for (const { announcement_id } of due) {
    hits += await context.knex.transaction(async (trx) => {
      const now = context.clock();
      const [candidate]: AlertCandidateRow[] = await trx(ALERT_CANDIDATES_TABLE)
        .where({ announcement_id, listed: true })
        .whereNull('matched_at')
        .update({ matched_at: now })
        .returning('*');
      if (!candidate) return 0;
      const searches: SavedSearchRow[] = await trx(SAVED_SEARCHES_TABLE)
        .whereNotNull('confirmed_at')
        .andWhere('created_at', '<=', candidate.created_at)
        .andWhere((q) => q.whereNull('type').orWhere('type', candidate.type))
        .andWhere((q) => q.whereNull('user_id').orWhereNot('user_id', candidate.author_id));
      let written = 0;
      for (const search of searches) {
        if (!(await matches(trx, search, candidate))) continue;
        const inserted = await trx(SAVED_SEARCH_HITS_TABLE)
          .insert({
            saved_search_id: search.id,
            announcement_id: candidate.announcement_id,
            title: candidate.title,
            created_at: now,
          })
          .onConflict(['saved_search_id', 'announcement_id'])
          .ignore()
          .returning('saved_search_id');
        if (inserted.length === 0) continue;
        written++;
        if (search.user_id)
          await notify(
            trx,
            savedSearchHit({
              savedSearchId: search.id,
              announcementId: candidate.announcement_id,
              title: candidate.title,
              description: describeSavedSearch(search, placeNameOf(search.place)),
            }),
            [{ userId: search.user_id, inAppOnly: true }],
            now,
          );
      }
      return written;
    });
  }
  return hits;
}

/**
 * Writes the e-mails that are due (`emailDue`: hourly at most one an hour, daily the days already
 * over): one per saved search with all its matches not e-mailed yet, which are then marked. A
 * recipient who unsubscribed gets no row (the preferences, checked by `notify`), and the matches
 * are marked all the same. Returns how many e-mail rows were written.
 */
export async function emailDueAlerts(context: { knex: Knex; clock: () => Date }): Promise<number> {
  // Oldest saved search first: a run decides them in the order they were saved.
  const pending = (await context
    .knex(`${SAVED_SEARCH_HITS_TABLE} as h`)
    .join(`${SAVED_SEARCHES_TABLE} as s`, 's.id', 'h.saved_search_id')
    .select('h.saved_search_id')
    .min({ oldest: 'h.created_at' })
    .whereNull('h.emailed_at')
    .groupBy('h.saved_search_id', 's.created_at')
    .orderBy([
      { column: 's.created_at', order: 'asc' },
      { column: 'h.saved_search_id', order: 'asc' },
    ])) as Array<{ saved_search_id: string; oldest: Date | string }>;
  let emails = 0;
  for (const { saved_search_id, oldest } of pending) {
    emails += await context.knex.transaction(async (trx) => {
      const now = context.clock();
      const search: SavedSearchRow | undefined = await trx(SAVED_SEARCHES_TABLE)
        .where({ id: saved_search_id })
        .forUpdate()
        .first();
      if (
        !search ||
        !emailDue({
          frequency: search.frequency,
          oldestUnsent: new Date(oldest),
          lastEmailedAt: search.last_emailed_at ? new Date(search.last_emailed_at) : null,
          now,
        })
      )
        return 0;
      const hits: Array<{ announcement_id: string; title: string }> = await trx(SAVED_SEARCH_HITS_TABLE)
        .select('announcement_id', 'title')
        .where({ saved_search_id })
        .whereNull('emailed_at')
        .orderBy('created_at');
      if (hits.length === 0) return 0;
      const draft = savedSearchEmail({
        savedSearchId: search.id,
        frequency: search.frequency,
        hits: hits.map((hit) => ({ announcementId: hit.announcement_id, title: hit.title })),
        description: describeSavedSearch(search, placeNameOf(search.place)),
        homeLink: homeLinkOf(search),
        at: now,
      });
      const recipient = search.user_id
        ? { userId: search.user_id, emailOnly: true }
        : { userId: null, email: search.owner.slice('email:'.length) };
      const written = await notify(trx, draft, [recipient], now);
      await trx(SAVED_SEARCH_HITS_TABLE)
        .where({ saved_search_id })
        .whereNull('emailed_at')
        .update({ emailed_at: now });
      await trx(SAVED_SEARCHES_TABLE).where({ id: search.id }).update({ last_emailed_at: now });
      return written;
    });
  }
  return emails;
}
