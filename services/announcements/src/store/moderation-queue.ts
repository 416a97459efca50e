import type { Knex } from 'knex';
import type { ModerationQueueItem } from '@tapinti/contracts/announcements-api';
import type { ComplaintType } from '@tapinti/contracts/complaint-types';
import { DETAIL_COLUMNS, REPORTS_TABLE, TABLE, toDetails } from './queries';

const NOTES_TABLE = 'announcements.report_notes';
export const MODERATION_QUEUE_LIMIT = 200;

/** A reporter's note: written with its `reported` event, never in it (see migration 007). */
export async function writeReportNote(
  trx: Knex.Transaction,
  note: { announcementId: string; reporterId: string; reportedAt: string; text: string },
): Promise<void> {
  await trx(NOTES_TABLE).insert({
    announcement_id: note.announcementId,
    reporter_id: note.reporterId,
    reported_at: note.reportedAt,
    note: note.text,
  });
}

const rulesOf = (value: unknown): string[] =>
  value === null || value === undefined
    ? []
    : ((typeof value === 'string' ? JSON.parse(value) : value) as string[]);

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** Unreviewed reports of these announcements: counts by type and the notes. */
async function reportsOf(db: Knex, ids: string[]) {
  const counts: Array<{ announcement_id: string; type: ComplaintType; count: string | number }> = await db(
    REPORTS_TABLE,
  )
    .select('announcement_id', 'type', db.raw('count(*) as count'))
    .whereIn('announcement_id', ids)
    .andWhere('reviewed', false)
    .groupBy('announcement_id', 'type')
    .orderBy([{ column: 'count', order: 'desc' }, { column: 'type' }]);
  const notes: Array<{ announcement_id: string; note: string }> = await db(`${NOTES_TABLE} as n`)
    .join(`${REPORTS_TABLE} as r`, function () {
      this.on('r.announcement_id', 'n.announcement_id')
        .andOn('r.reporter_id', 'n.reporter_id')
        .andOn('r.reported_at', 'n.reported_at');
    })
    .select('n.announcement_id', 'n.note')
    .whereIn('n.announcement_id', ids)
    .andWhere('r.reviewed', false)
    .orderBy('n.reported_at', 'asc');
  return { counts, notes };
}

type QueueRow = Parameters<typeof toDetails>[0] & {
  moderation_rules: unknown;
  updated_at: Date | string;
};

async function itemsOf(db: Knex, rows: QueueRow[]): Promise<ModerationQueueItem[]> {
  if (rows.length === 0) return [];
  const { counts, notes } = await reportsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const reportTypes = counts
      .filter((c) => c.announcement_id === row.id)
      .map((c) => ({ type: c.type, count: Number(c.count) }));
    return {
      announcement: toDetails(row),
      rules: rulesOf(row.moderation_rules),
      reportCount: reportTypes.reduce((sum, t) => sum + t.count, 0),
      reportTypes,
      reportNotes: notes.filter((n) => n.announcement_id === row.id).map((n) => n.note),
      updatedAt: iso(row.updated_at),
    };
  });
}

/** Its latest moderation change or unreviewed report, else when it was posted. */
const UPDATED_AT = `greatest(
  coalesce(a.moderated_at, a.created_at),
  coalesce((select max(r.reported_at) from ${REPORTS_TABLE} r where r.announcement_id = a.id and not r.reviewed), a.created_at)
)`;

function queueRows(db: Knex): Knex.QueryBuilder {
  return db(`${TABLE} as a`)
    .select([
      ...DETAIL_COLUMNS.map((c) => `a.${c}`),
      'a.moderation_rules',
      db.raw(`${UPDATED_AT} as updated_at`),
    ])
    .whereNull('a.deleted_at');
}

/**
 * The super admins' queue: held for review first, then approved ones with unreviewed reports,
 * then hidden ones (to restore); the latest activity first within each.
 */
export async function listModerationQueue(
  db: Knex,
  limit = MODERATION_QUEUE_LIMIT,
): Promise<ModerationQueueItem[]> {
  const rows: QueueRow[] = await queueRows(db)
    .where((q) =>
      q
        .whereNot('a.moderation_status', 'approved')
        .orWhereExists(
          db(`${REPORTS_TABLE} as r`)
            .select(db.raw('1'))
            .whereRaw('r.announcement_id = a.id')
            .andWhere('r.reviewed', false),
        ),
    )
    .orderByRaw(
      `case a.moderation_status when 'pending_review' then 0 when 'approved' then 1 else 2 end, updated_at desc, a.id`,
    )
    .limit(limit);
  return itemsOf(db, rows);
}

/** One announcement as the queue shows it (any moderation state), or null when unknown or deleted. */
export async function findQueueItem(db: Knex, id: string): Promise<ModerationQueueItem | null> {
  const row: QueueRow | undefined = await queueRows(db).where('a.id', id).first();
  return row ? ((await itemsOf(db, [row]))[0] ?? null) : null;
}
