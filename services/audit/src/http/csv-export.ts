import { BOM, csvLine } from '@tapinti/platform/csv-line';
import type { Knex } from '@tapinti/platform/db';
import type { ExportKind, ExportQuery } from '@tapinti/contracts/audit-api';

const BATCH = 1000;

interface ExportSource {
  table: string;
  /** Header names, in order, and the row values for them. */
  columns: readonly string[];
  select: readonly string[];
  row: (r: Record<string, unknown>) => unknown[];
  join?: (q: Knex.QueryBuilder) => Knex.QueryBuilder;
}

const iso = (v: unknown) => (v instanceof Date || typeof v === 'string' ? new Date(v).toISOString() : '');

/** What each export reads: the analytics read models and the audit log of this service. */
export const EXPORT_SOURCES: Record<ExportKind, ExportSource> = {
  organizations: {
    table: 'audit.analytics_organizations',
    columns: ['id', 'name', 'type', 'is_active', 'created_at'],
    select: ['t.id', 't.name', 't.type', 't.is_active', 't.created_at'],
    row: (r) => [r.id, r.name, r.type, r.is_active ? 'true' : 'false', iso(r.created_at)],
  },
  announcements: {
    table: 'audit.analytics_announcements',
    columns: ['id', 'type', 'title', 'category', 'location', 'status', 'user_id', 'created_at'],
    select: [
      't.id',
      't.type',
      't.title',
      't.category',
      't.location',
      't.status',
      't.user_id',
      't.created_at',
    ],
    row: (r) => [r.id, r.type, r.title, r.category, r.location, r.status, r.user_id, iso(r.created_at)],
  },
  requests: {
    table: 'audit.analytics_requests',
    columns: ['id', 'announcement_id', 'announcement_title', 'organization_id', 'status', 'created_at'],
    select: [
      't.id',
      't.announcement_id',
      'a.title as announcement_title',
      't.organization_id',
      't.status',
      't.created_at',
    ],
    join: (q) => q.leftJoin('audit.analytics_announcements as a', 'a.id', 't.announcement_id'),
    row: (r) => [
      r.id,
      r.announcement_id,
      r.announcement_title,
      r.organization_id,
      r.status,
      iso(r.created_at),
    ],
  },
  'audit-logs': {
    table: 'audit.audit_logs',
    columns: [
      'id',
      'created_at',
      'user_id',
      'username',
      'organization_id',
      'action',
      'entity_type',
      'entity_id',
      'source',
      'ip_address',
    ],
    select: [
      't.id',
      't.created_at',
      't.user_id',
      'u.username',
      't.organization_id',
      't.action',
      't.entity_type',
      't.entity_id',
      't.source',
      't.ip_address',
    ],
    join: (q) => q.leftJoin('audit.users as u', 'u.id', 't.user_id'),
    row: (r) => [
      r.id,
      iso(r.created_at),
      r.user_id,
      r.username,
      r.organization_id,
      r.action,
      r.entity_type,
      r.entity_id,
      r.source,
      r.ip_address,
    ],
  },
};

/**
 * The export's lines, newest first, read in batches of 1000 by keyset (created_at, id), so a
 * large table is streamed without holding it in memory nor a connection between batches.
 */
export async function* exportLines(knex: Knex, kind: ExportKind, range: ExportQuery): AsyncGenerator<string> {
  const source = EXPORT_SOURCES[kind];
  yield BOM + csvLine(source.columns);
  let after: { createdAt: Date | string; id: string } | null = null;
  for (;;) {
    let q = knex(`${source.table} as t`);
    if (source.join) q = source.join(q);
    q = q.select([...source.select]);
    if (range.from) q = q.where('t.created_at', '>=', range.from.toISOString());
    if (range.to) q = q.where('t.created_at', range.toExclusive ? '<' : '<=', range.to.toISOString());
    if (after) {
      const { createdAt, id } = after;
      q = q.where((w) =>
        w
          .where('t.created_at', '<', createdAt)
          .orWhere((same) => same.where('t.created_at', createdAt).andWhere('t.id', '<', id)),
      );
    }
    const rows: Record<string, unknown>[] = await q
      .orderBy([
        { column: 't.created_at', order: 'desc' },
        { column: 't.id', order: 'desc' },
      ])
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows.map((r) => csvLine(source.row(r))).join('');
    if (rows.length < BATCH) return;
    const lastRow = rows[rows.length - 1]!;
    after = { createdAt: lastRow.created_at as Date | string, id: String(lastRow.id) };
  }
}
