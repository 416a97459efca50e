import type { Knex } from 'knex';
import {
  SEARCH_RESULTS_PER_GROUP,
  type AnnouncementSearchResult,
  type Kpis,
  type OrganizationSearchResult,
  type UserSearchResult,
} from '@tapinti/contracts/analytics-api';
import { containsPattern } from '@tapinti/platform/sql-like';

/** The status of a deleted announcement in `analytics_announcements` (never an API announcement status). */
export const DELETED = 'deleted';

/** count(*), optionally filtered, as an int (Postgres counts are bigints). */
const count = (filter?: string) => (filter ? `(count(*) filter (where ${filter}))::int` : 'count(*)::int');

/** Spec §9: resolved / total requests as a rounded percent; 0 when there are none. */
export const funnelRate = (resolved: number, total: number): number =>
  total > 0 ? Math.round((resolved / total) * 100) : 0;

/** The KPIs of what was created since `since` (undefined: all time). */
export async function readKpis(db: Knex, since?: Date): Promise<Kpis> {
  const table = (name: string) =>
    db(name).modify((q) => {
      if (since) q.where('created_at', '>=', since);
    });
  const [organizations, announcements, requests] = await Promise.all([
    table('audit.analytics_organizations')
      .select(
        db.raw(`${count()} as total`),
        db.raw(`${count('is_active')} as active`),
        db.raw(`${count('not is_active')} as suspended`),
      )
      .first(),
    table('audit.analytics_announcements')
      .select(
        db.raw(`${count()} as total`),
        db.raw(`${count("type = 'lost'")} as lost`),
        db.raw(`${count("type = 'found'")} as found`),
      )
      .first(),
    table('audit.analytics_requests')
      .select(
        db.raw(`${count()} as total`),
        db.raw(`${count("status = 'pending'")} as pending`),
        db.raw(`${count("status like 'resolved%'")} as resolved`),
      )
      .first(),
  ]);
  const n = (v: unknown) => Number(v ?? 0);
  return {
    organizations: {
      total: n(organizations?.total),
      active: n(organizations?.active),
      suspended: n(organizations?.suspended),
    },
    announcements: {
      total: n(announcements?.total),
      lost: n(announcements?.lost),
      found: n(announcements?.found),
    },
    requests: {
      total: n(requests?.total),
      pending: n(requests?.pending),
      resolved: n(requests?.resolved),
      funnelRate: funnelRate(n(requests?.resolved), n(requests?.total)),
    },
  };
}

const matching = (db: Knex, table: string, folded: string) =>
  db(table)
    .whereRaw(`search_text like ? escape '\\'`, [containsPattern(folded)])
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(SEARCH_RESULTS_PER_GROUP);

export async function searchOrganizations(db: Knex, folded: string): Promise<OrganizationSearchResult[]> {
  const rows = await matching(db, 'audit.analytics_organizations', folded).select(
    'id',
    'name',
    'type',
    'is_active',
  );
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type, isActive: r.is_active }));
}

export async function searchAnnouncements(db: Knex, folded: string): Promise<AnnouncementSearchResult[]> {
  // A deleted announcement is gone from every list but the audit trail.
  const rows = await matching(db, 'audit.analytics_announcements', folded)
    .whereNot({ status: DELETED })
    .select('id', 'title', 'type', 'category', 'location', 'status', 'created_at');
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    category: r.category,
    location: r.location,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function searchUsers(db: Knex, folded: string): Promise<UserSearchResult[]> {
  const rows = await matching(db, 'audit.analytics_users', folded).select('id', 'username', 'email', 'role');
  return rows.map((r) => ({ id: r.id, username: r.username, email: r.email, role: r.role }));
}
