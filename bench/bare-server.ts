// The baseline: express + pg, one pool, the same single SQL query the announcements service
// runs for GET /api/announcements (and ?search=), the same JSON shape. No gateway, no sessions,
// no logging, no validation library: what the hardware and Postgres give at best.
import express from 'express';
import pg from 'pg';
import type { Server } from 'node:http';
import { containsPattern } from '@tapinti/platform/sql-like';
import { isWordPrefixTerm, searchTermsOf } from '../services/announcements/src/domain/search';

const COLUMNS = `id, type, title, description, location, category, room_number, image_url, reward_amount,
  reward_description, status, organization_id, created_at`;

/** Same predicate and order as announcements' `publicListQuery` (one search word). */
export const LIST_SQL = `select ${COLUMNS} from announcements.announcements
  where is_public = true and is_active = true and status = 'open'
  order by created_at desc, id desc limit $1`;
export const SEARCH_SQL = `select ${COLUMNS} from announcements.announcements
  where is_public = true and is_active = true and status = 'open' and search_text like $1 escape '\\'
  order by created_at desc, id desc limit $2`;
/** A 1–2 character word: among the word starts (migration 006's `search_word_prefixes`). */
export const WORD_PREFIX_SQL = `select ${COLUMNS} from announcements.announcements
  where is_public = true and is_active = true and status = 'open' and search_word_prefixes @> array[$1]::text[]
  order by created_at desc, id desc limit $2`;

export async function startBareServer(
  databaseUrl: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = express();
  app.get('/api/announcements', async (req, res) => {
    const [term] = searchTermsOf(typeof req.query.search === 'string' ? req.query.search : undefined);
    const { rows } = !term
      ? await pool.query(LIST_SQL, [200])
      : isWordPrefixTerm(term)
        ? await pool.query(WORD_PREFIX_SQL, [term, 200])
        : await pool.query(SEARCH_SQL, [containsPattern(term), 200]);
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
