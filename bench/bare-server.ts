// The baseline: express + pg, one pool, the same single SQL query the announcements service runs
// for one page of GET /api/announcements (list, category, place, search), the same JSON. No
// gateway, no sessions, no logging, no validation library, no total: what the hardware and
// Postgres give at best.
import express from 'express';
import pg from 'pg';
import type { Server } from 'node:http';
import knexFactory from 'knex';
import type { Category } from '@tapinti/contracts/announcements-api';
import { PLANNER_OPTIONS } from '@tapinti/platform/db';
import { searchWordsOf, withTyposIn } from '@tapinti/matching/search-document';
import {
  publicListQuery,
  publicTotalQuery,
  SEARCH_VOCABULARY_TABLE,
  toPublic,
  type PublicListFilters,
} from '../services/announcements/src/store/queries';

/** Builds SQL only (never connects): the service's own queries, so both answer the same. */
const sqlBuilder = knexFactory({ client: 'pg' });

export interface NativeSql {
  sql: string;
  bindings: unknown[];
}

const nativeOf = (q: { toSQL(): { toNative(): unknown } }) => q.toSQL().toNative() as NativeSql;

/** The filters of a list URL's query, as the service reads them (the typos known to `db`). */
export async function filtersOf(
  db: pg.Pool | pg.Client,
  query: { search?: string; category?: string; place?: string; postedFrom?: Date },
): Promise<PublicListFilters> {
  const guessed = searchWordsOf(query.search ?? '');
  const guesses = [...new Set(guessed.flatMap((w) => w.typoTerms))];
  const known = guesses.length
    ? (await db.query(`select term from ${SEARCH_VOCABULARY_TABLE} where term = any($1)`, [guesses])).rows
    : [];
  return {
    words: withTyposIn(guessed, new Set(known.map((r: { term: string }) => r.term))),
    ...(query.category ? { category: query.category as Category } : {}),
    ...(query.place ? { place: query.place } : {}),
    ...(query.postedFrom ? { postedFrom: query.postedFrom } : {}),
  };
}

/** The announcements service's SQL for one page and for its total (as `countPublic` chooses). */
export function listSql(filters: PublicListFilters, limit = 200): { page: NativeSql; count: NativeSql } {
  return {
    // One row more, as the service reads it (whether another page follows).
    page: nativeOf(publicListQuery(sqlBuilder, { ...filters, limit: limit + 1 })),
    count: nativeOf(publicTotalQuery(sqlBuilder, filters).query),
  };
}

export async function startBareServer(
  databaseUrl: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, options: PLANNER_OPTIONS, max: 10 });
  const app = express();
  app.get('/api/announcements', async (req, res) => {
    const text = (name: string) => (typeof req.query[name] === 'string' ? req.query[name] : undefined);
    const filters = await filtersOf(pool, {
      search: text('search'),
      category: text('category'),
      place: text('place'),
    });
    const { page } = listSql(filters);
    const { rows } = await pool.query(page.sql, page.bindings);
    res.json(rows.slice(0, 200).map(toPublic));
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
