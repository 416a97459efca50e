// The baseline: express + pg (through knex, as the service), one pool, the same SQL the
// announcements service runs for one page of GET /api/announcements (list, category, place,
// search), the same JSON. No gateway, no sessions, no logging, no validation library, no total:
// what the hardware and Postgres give at best.
import express from 'express';
import type { Server } from 'node:http';
import type { Category } from '@tapinti/contracts/announcements-api';
import { createKnex, type Knex } from '@tapinti/platform/db';
import { searchWordsOf } from '@tapinti/matching/search-document';
import {
  listPublicPage,
  withKnownTypos,
  type PublicListFilters,
} from '../services/announcements/src/store/queries';

/** The filters of a list URL's query, as the service reads them (the typos known to `db`). */
export async function filtersOf(
  db: Knex,
  query: { search?: string; category?: string; place?: string; postedFrom?: Date },
): Promise<PublicListFilters> {
  return {
    words: await withKnownTypos(db, searchWordsOf(query.search ?? '')),
    ...(query.category ? { category: query.category as Category } : {}),
    ...(query.place ? { place: query.place } : {}),
    ...(query.postedFrom ? { postedFrom: query.postedFrom } : {}),
  };
}

export async function startBareServer(
  databaseUrl: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const db = await createKnex({ driver: 'postgres', url: databaseUrl, poolMax: 10 });
  const app = express();
  app.get('/api/announcements', async (req, res) => {
    const text = (name: string) => (typeof req.query[name] === 'string' ? req.query[name] : undefined);
    const filters = await filtersOf(db, {
      search: text('search'),
      category: text('category'),
      place: text('place'),
    });
    res.json((await listPublicPage(db, { ...filters, limit: 200 })).announcements);
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
      await db.destroy();
    },
  };
}
