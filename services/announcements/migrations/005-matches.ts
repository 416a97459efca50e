import type { Knex, Migration } from '@tapinti/platform/db';

/**
 * Matching lost ↔ found announcements (`src/consumers/matching.ts`):
 *
 * - `announcements.match_keys` — the engine's `matchKeys` of the announcement (folded words,
 *   concept ids, place ids; read model, projected with it). A GIN index over the listed rows of
 *   each type answers "which open, active, public announcements of the other type share a key
 *   with this one" (`&&`).
 * - `matches` — an announcement's best candidates of the other type, with score and reasons.
 *   Consumer state (computed by the engine when an announcement is posted, edited or renewed,
 *   not derived from events alone), so a rebuild of the read models leaves it alone.
 */
export const matchesMigration: Migration = {
  name: '005-matches',
  async up(knex: Knex) {
    await knex.raw(
      `alter table announcements.announcements add column match_keys text[] not null default '{}'`,
    );
    // One per type: a candidate is always of the other type, so the index holds only those rows.
    for (const type of ['lost', 'found']) {
      await knex.raw(`
        create index announcements_match_keys_${type} on announcements.announcements using gin (match_keys)
        where is_public and is_active and status = 'open' and type = '${type}'`);
    }
    await knex.schema.withSchema('announcements').createTable('matches', (t) => {
      t.uuid('announcement_id').notNullable();
      t.uuid('candidate_id').notNullable();
      t.double('score').notNullable();
      t.jsonb('reasons').notNullable();
      t.timestamp('matched_at', { useTz: true }).notNullable();
      t.primary(['announcement_id', 'candidate_id']);
    });
    // An announcement's matches, best first; and every row naming a candidate (to drop them).
    await knex.raw(
      'create index matches_best_first on announcements.matches (announcement_id, score desc, candidate_id)',
    );
    await knex.raw('create index matches_by_candidate on announcements.matches (candidate_id)');
  },
};
