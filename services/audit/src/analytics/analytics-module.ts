import type { Express } from 'express';
import { SEARCH_MIN_LENGTH, searchQuerySchema, type SearchResults } from '@tapinti/contracts/analytics-api';
import { requireRole } from '@tapinti/platform/session';
import { parseInput } from '@tapinti/platform/validation';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { foldForSearch } from '@tapinti/contracts/text-folding';
import { readKpis, searchAnnouncements, searchOrganizations, searchUsers } from './store';

/** GET /api/analytics/kpis and GET /api/search: super_admin only (401 signed out, 403 others). */
export function analyticsRoutes(app: Express, context: ServiceContext): void {
  app.get('/api/analytics/kpis', requireRole('super_admin'), async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await readKpis(context.knex));
  });

  app.get('/api/search', requireRole('super_admin'), async (req, res) => {
    const { q, type } = parseInput(searchQuerySchema, req.query);
    const results: SearchResults = { organizations: [], announcements: [], users: [] };
    res.setHeader('Cache-Control', 'no-store');
    if ([...q].length < SEARCH_MIN_LENGTH) {
      res.json(results);
      return;
    }
    const folded = foldForSearch(q);
    const wants = (group: keyof SearchResults) => type === 'all' || type === group;
    const [organizations, announcements, users] = await Promise.all([
      wants('organizations') ? searchOrganizations(context.knex, folded) : [],
      wants('announcements') ? searchAnnouncements(context.knex, folded) : [],
      wants('users') ? searchUsers(context.knex, folded) : [],
    ]);
    res.json({ organizations, announcements, users });
  });
}
