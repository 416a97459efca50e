import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Search terms of 1–2 characters have no trigram, so `search_text like '%zq%'` cannot use the
 * trigram index and read every listed row. Such a term matches the start of a word instead
 * (`searchTermsOf`), served by `search_word_prefixes`: the first one and first two characters of
 * every word of the folded `search_text`, kept by Postgres itself (a generated column, so the
 * projection and a rebuild need nothing), with a GIN index over the listed rows. Words are split at
 * whitespace and punctuation: ASCII everywhere, and any Unicode ones where the database locale
 * classifies them (never at a letter).
 */
export const shortSearchMigration: Migration = {
  name: '006-short-search',
  async up(knex: Knex) {
    await knex.raw(`
      create function announcements.word_prefixes(folded text) returns text[]
      language sql immutable strict parallel safe as $$
        select coalesce(array_agg(distinct left(word, n)), '{}')
        from regexp_split_to_table(folded, '[[:space:][:punct:]]+') as word, (values (1), (2)) as lengths (n)
        where char_length(word) >= n
      $$`);
    await knex.raw(`
      alter table announcements.announcements add column search_word_prefixes text[]
      generated always as (announcements.word_prefixes(search_text)) stored`);
    await knex.raw(`
      create index announcements_search_word_prefixes on announcements.announcements
      using gin (search_word_prefixes) where is_public and is_active and status = 'open'`);
  },
};
