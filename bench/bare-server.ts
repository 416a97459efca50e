// The baseline: express + pg, one pool, the same single SQL query the announcements service
// runs for GET /api/announcements (and ?search=), the same JSON shape. No gateway, no sessions,
// no logging, no validation library: what the hardware and Postgres give at best.
import express from 'express';
import pg from 'pg';
import type { Server } from 'node:http';
import knexFactory from 'knex';
import { searchWordsOf, withTyposIn } from '@tapinti/matching/search-document';
import {
  publicCountQuery,
  publicListQuery,
  SEARCH_VOCABULARY_TABLE,
} from '../services/announcements/src/store/queries';

const COLUMNS = `id, type, title, description, location, category, room_number, image_url, reward_amount,
  reward_description, status, organization_id, created_at`;

/** Same predicate and order as announcements' `publicListQuery` without a search. */
export const LIST_SQL = `select ${COLUMNS} from announcements.announcements
  where is_public = true and is_active = true and status = 'open'
  order by created_at desc, id desc limit $1`;

/** Builds SQL only (never connects): the service's own search query, so both answer the same. */
const sqlBuilder = knexFactory({ client: 'pg' });

export interface NativeSql {
  sql: string;
  bindings: unknown[];
}

const nativeOf = (q: { toSQL(): { toNative(): unknown } }) => q.toSQL().toNative() as NativeSql;

/** The announcements service's SQL for one page of `?search=` and for its count (typos known to `db`). */
export async function searchSql(
  db: pg.Pool | pg.Client,
  search: string,
  limit = 200,
): Promise<{ list: NativeSql; count: NativeSql; hasWords: boolean }> {
  const guessed = searchWordsOf(search);
  const guesses = [...new Set(guessed.flatMap((w) => w.typoTerms))];
  const known = guesses.length
    ? (await db.query(`select term from ${SEARCH_VOCABULARY_TABLE} where term = any($1)`, [guesses])).rows
    : [];
  const words = withTyposIn(guessed, new Set(known.map((r: { term: string }) => r.term)));
  return {
    list: nativeOf(publicListQuery(sqlBuilder, { words, limit })),
    count: nativeOf(publicCountQuery(sqlBuilder, { words })),
    hasWords: words.length > 0,
  };
}

/** As the service runs a search (`withIndexesOnly`). */
async function indexesOnly(pool: pg.Pool, query: NativeSql): Promise<pg.QueryResult> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const result = await client.query(query.sql, query.bindings);
    await client.query('commit');
    return result;
  } finally {
    client.release();
  }
}

export async function startBareServer(
  databaseUrl: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = express();
  app.get('/api/announcements', async (req, res) => {
    const search = typeof req.query.search === 'string' ? req.query.search : '';
    const { list, hasWords } = await searchSql(pool, search);
    const { rows } = hasWords ? await indexesOnly(pool, list) : await pool.query(LIST_SQL, [200]);
    res.json(
      rows.map((r) => ({
        id: r.id,
        type: r.type,
        title: r.title,
        description: r.description,
        location: r.location,
        category: r.category,
        roomNumber: r.room_number,
        imageUrl: r.image_url,
        rewardAmount: Number(r.reward_amount),
        rewardDescription: r.reward_description,
        status: r.status,
        organizationId: r.organization_id,
        createdAt: (r.created_at as Date).toISOString(),
      })),
    );
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
