import type { Knex, Migration } from '@tapinti/platform/db';

/** `organization_id` of the counts of rows without an organisation (no organisation has it). */
export const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';

/** What decides whether and where a row is counted (whole rows of the table cannot be read: it has dropped columns). */
const COUNTED =
  'category, reward_amount, place_area, organization_id, is_public, is_active, status, moderation_status';

/** The changed rows with `n` (±1) for each operation, from the statement's transition tables. */
const CHANGED_ROWS = {
  INSERT: `select ${COUNTED}, 1 as n from new_rows`,
  UPDATE: `select ${COUNTED}, 1 as n from new_rows union all select ${COUNTED}, -1 from old_rows`,
  DELETE: `select ${COUNTED}, -1 as n from old_rows`,
};

/** `(category, rewarded, place, organization_id, n)` of the listed rows of `rows`, summed. */
const countsOf = (rows: string) => `
  select k.category, k.rewarded, k.place, coalesce(ch.organization_id, '${NO_ORGANIZATION}'::uuid), sum(ch.n)
  from (${rows}) as ch
  cross join lateral announcements.listed_count_keys(ch.category, ch.reward_amount, ch.place_area) k
  where ch.is_public and ch.is_active and ch.status = 'open' and ch.moderation_status = 'approved'
  group by 1, 2, 3, 4`;

/**
 * The public list's total without reading the rows (issue 23): how many listed announcements
 * (public, active, open, approved — the list's own predicate) there are per filter combination —
 * a category or any (''), rewarded only or any (false), a place of the row's `place_area` or any
 * ('') — and per organisation, so a deactivated organisation's rows leave the sum at once
 * (`countListed`) without a recount.
 *
 * Kept by statement-level triggers with transition tables on the read model: every write of it
 * (the projection, a rebuild, whose delete empties the counts, a later migration, the bench's bulk
 * seed) moves the counts in its own transaction, one upsert per combination it touched, in key
 * order (two transactions never wait for each other's rows crosswise).
 */
export const listedCountsMigration: Migration = {
  name: '017-listed-counts',
  async up(knex: Knex) {
    await knex.raw(`
      create table announcements.listed_counts (
        category text not null,
        rewarded boolean not null,
        place text not null,
        organization_id uuid not null,
        count bigint not null,
        primary key (category, rewarded, place, organization_id)
      )`);
    await knex.raw(`
      create function announcements.listed_count_keys(row_category text, row_reward integer, row_places text[])
      returns table (category text, rewarded boolean, place text) language sql immutable as $$
        select c, r, p
        from unnest(array[row_category, '']) as c,
          unnest(case when row_reward > 0 then array[true, false] else array[false] end) as r,
          (select distinct unnest(row_places || '{""}'::text[])) as places(p)
      $$`);
    const branches = Object.entries(CHANGED_ROWS).map(
      ([op, rows]) => `
        if tg_op = '${op}' then
          insert into announcements.listed_counts as c (category, rewarded, place, organization_id, count)
          select * from (${countsOf(rows)}) d where d.sum <> 0 order by 1, 2, 3, 4
          on conflict (category, rewarded, place, organization_id)
          do update set count = c.count + excluded.count;
        end if;`,
    );
    await knex.raw(`
      create function announcements.count_listed() returns trigger language plpgsql as $$
      begin${branches.join('')}
        return null;
      end $$`);
    const transitionTables = {
      insert: 'new table as new_rows',
      update: 'new table as new_rows old table as old_rows',
      delete: 'old table as old_rows',
    };
    for (const [op, tables] of Object.entries(transitionTables))
      await knex.raw(`
        create trigger count_listed_on_${op} after ${op} on announcements.announcements
        referencing ${tables} for each statement execute function announcements.count_listed()`);
    // The rows already there.
    await knex.raw(`
      insert into announcements.listed_counts (category, rewarded, place, organization_id, count)
      ${countsOf(`select ${COUNTED}, 1 as n from announcements.announcements`)}`);
  },
};
