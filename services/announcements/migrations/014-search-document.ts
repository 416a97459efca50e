import type { Knex, Migration } from '@tapinti/platform/db';
import { searchDocumentOf } from '@tapinti/matching/search-document';

const BACKFILL_BATCH = 500;

/**
 * Search reads text as matching does (issue 24, `@tapinti/matching/search-document`): each
 * announcement gets its search document, written by the projection with the row.
 *
 * - `search_folded` — its words folded (case, ə/ç/ş/ğ/ı/ö/ü, Cyrillic → Latin): a query word is
 *   looked for inside it ('canta', 'Гянджлик' → 'genclik'), with a trigram index over the listed rows.
 * - `search_terms` — word starts (1–2 letters), stems, concept and place ids: other forms of a
 *   word, the same thing in another language, one-letter typos, with a GIN index over the listed rows.
 *
 * - `search_vocabulary` — every stem of every announcement (never pruned: a stale one finds nothing),
 *   so a query looks up only the typo stems that exist instead of hundreds of guesses.
 *
 * They replace the trigram index on `search_text` (kept for ranking words as typed first) and the
 * word starts of migration 006 (now among `search_terms`, folded the same way). Existing rows are
 * filled here, in batches.
 */
export const searchDocumentMigration: Migration = {
  name: '014-search-document',
  async up(knex: Knex) {
    await knex.raw(`
      alter table announcements.announcements
        add column search_folded text not null default '',
        add column search_terms text[] not null default '{}'`);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows: Array<{ id: string; title: string; description: string; location: string }> = await knex(
        'announcements.announcements',
      )
        .select('id', 'title', 'description', 'location')
        .where('id', '>', after)
        .orderBy('id')
        .limit(BACKFILL_BATCH);
      for (const row of rows) {
        const document = searchDocumentOf(row);
        await knex('announcements.announcements')
          .where({ id: row.id })
          .update({ search_folded: document.folded, search_terms: document.terms });
      }
      if (rows.length < BACKFILL_BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    await knex.raw('create table announcements.search_vocabulary (term text primary key)');
    await knex.raw(`
      insert into announcements.search_vocabulary (term)
      select distinct term from announcements.announcements, unnest(search_terms) as term
      where term like 's:%'`);
    await knex.raw('alter table announcements.announcements drop column search_word_prefixes');
    await knex.raw('drop function announcements.word_prefixes(text)');
    await knex.raw('drop index announcements.announcements_search_trgm');
    await knex.raw(`
      create index announcements_search_folded_trgm on announcements.announcements
      using gin (search_folded gin_trgm_ops) where is_public and is_active and status = 'open'`);
    await knex.raw(`
      create index announcements_search_terms on announcements.announcements
      using gin (search_terms) where is_public and is_active and status = 'open'`);
  },
};
