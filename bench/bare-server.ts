// The baseline: express + pg, one pool, the same single SQL query the announcements service
// runs for GET /api/announcements (and ?search=), the same JSON shape. No gateway, no sessions,
// no logging, no validation library: what the hardware and Postgres give at best.
import express from 'express';
import pg from 'pg';
import type { Server } from 'node:http';
import knexFactory from 'knex';
import { searchWordsOf } from '@tapinti/matching/search-document';
import { publicCountQuery, publicListQuery } from '../services/announcements/src/store/queries';

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

/** The announcements service's SQL for one page of `?search=` and for its count. */
export function searchSql(search: string, limit = 200): { list: NativeSql; count: NativeSql } {
  const words = searchWordsOf(search);
  return {
    list: nativeOf(publicListQuery(sqlBuilder, { words, limit })),
    count: nativeOf(publicCountQuery(sqlBuilder, { words })),
  };
}

export async function startBareServer(
  databaseUrl: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = express();
  app.get('/api/announcements', async (req, res) => {
    const search = typeof req.query.search === 'string' ? req.query.search : '';
    const { list } = searchSql(search);
    const { rows } = searchWordsOf(search).length
      ? await pool.query(list.sql, list.bindings)
      : await pool.query(LIST_SQL, [200]);
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
