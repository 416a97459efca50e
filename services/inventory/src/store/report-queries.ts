import type { Knex } from 'knex';
import type { ReportItem } from '../domain/report';
import { TABLES } from './tables';

interface ReportRow {
  organization_id: string;
  category: ReportItem['category'];
  logged_at: Date | string;
  returned_at: Date | string | null;
  disposed_at: Date | string | null;
  disposal_way: ReportItem['disposalWay'];
}

const dateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));

/**
 * The items a report of [start, end) counts — logged before its end and not gone before its
 * start — of one organisation, or of every one (`organizationId` null: the platform). Only the
 * columns the figures need, from this service's own read model of items.
 */
export async function reportItems(
  db: Knex,
  organizationId: string | null,
  start: Date,
  end: Date,
): Promise<ReportItem[]> {
  let query = db(TABLES.items)
    .select('organization_id', 'category', 'logged_at', 'returned_at', 'disposed_at', 'disposal_way')
    .where('logged_at', '<', end.toISOString())
    .andWhere((q) => q.whereNull('returned_at').orWhere('returned_at', '>=', start.toISOString()))
    .andWhere((q) => q.whereNull('disposed_at').orWhere('disposed_at', '>=', start.toISOString()));
  if (organizationId) query = query.andWhere('organization_id', organizationId);
  const rows: ReportRow[] = await query;
  return rows.map((r) => ({
    organizationId: r.organization_id,
    category: r.category,
    loggedAt: new Date(r.logged_at),
    returnedAt: dateOrNull(r.returned_at),
    disposedAt: dateOrNull(r.disposed_at),
    disposalWay: r.disposal_way,
  }));
}

/** This service's copy of the organisations' names (null: not heard yet). */
export async function organizationNames(db: Knex, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ organization_id: string; name: string }> = await db(TABLES.organizationNames)
    .select('organization_id', 'name')
    .whereIn('organization_id', ids);
  return new Map(rows.map((r) => [r.organization_id, r.name]));
}
