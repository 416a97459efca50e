import type {
  AdminNotification,
  Notification,
  NotificationChannel,
  NotificationStats,
  NotificationStatus,
  NotificationType,
} from '@tapinti/contracts/notifications-api';
import { NOTIFICATION_MESSAGES } from '@tapinti/contracts/notifications-api';
import type { Knex } from '@tapinti/platform/db';
import { ValidationError } from '@tapinti/platform/errors';

const TABLE = 'notifications.notifications';

export interface NewNotification {
  id: string;
  userId: string | null;
  channel: NotificationChannel;
  type: NotificationType;
  subjectId: string;
  title: string;
  message: string;
  status: NotificationStatus;
  data: Record<string, unknown>;
  link: string | null;
  recipient: string | null;
  dedupeKey: string;
  sentAt: Date | null;
  createdAt: Date;
}

/** Inserts the rows whose (dedupe key, channel) is new; returns those inserted. */
export async function insertNotifications(
  trx: Knex.Transaction,
  rows: NewNotification[],
): Promise<Array<{ id: string; channel: NotificationChannel }>> {
  if (rows.length === 0) return [];
  return trx(TABLE)
    .insert(
      rows.map((r) => ({
        id: r.id,
        user_id: r.userId,
        channel: r.channel,
        type: r.type,
        subject_id: r.subjectId,
        title: r.title,
        message: r.message,
        status: r.status,
        retry_count: 0,
        data: JSON.stringify(r.data),
        link: r.link,
        recipient: r.recipient,
        dedupe_key: r.dedupeKey,
        error: null,
        read_at: null,
        sent_at: r.sentAt,
        enqueued_at: null,
        created_at: r.createdAt,
      })),
    )
    .onConflict(['dedupe_key', 'channel'])
    .ignore()
    .returning(['id', 'channel']);
}

const COMPLAINT_MAIL_TYPES: NotificationType[] = ['complaint-filed', 'complaint-replied'];

/**
 * Whether one more complaint e-mail may go to `address`: the complaint e-mails written for it stay
 * within every rule (count per window). The rows themselves are the count: one transaction with
 * the trigger, no counter to drift.
 */
export async function complaintMailAllowed(
  trx: Knex.Transaction,
  address: string,
  rules: readonly { limit: number; windowSeconds: number }[],
  now: Date,
): Promise<boolean> {
  // Complaints arrive on several partitions at once, each batch in its own transaction: without one
  // lock per address (held until the row is written and committed) each would count the others' mail
  // as not yet there and all would pass the cap.
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`notifications:complaint-mail:${address}`]);
  for (const { limit, windowSeconds } of rules) {
    const since = new Date(now.getTime() - windowSeconds * 1000);
    const row = await trx(TABLE)
      .where({ channel: 'email', recipient: address })
      .whereIn('type', COMPLAINT_MAIL_TYPES)
      .where('created_at', '>=', since)
      .count<{ count: string | number }[]>({ count: '*' })
      .first();
    if (Number(row?.count ?? 0) >= limit) return false;
  }
  return true;
}

/** Whether a notification of this type about this subject was ever created (any recipient). */
export async function notifiedAbout(
  db: Knex | Knex.Transaction,
  type: NotificationType,
  subjectId: string,
): Promise<boolean> {
  return Boolean(await db(TABLE).select('id').where({ type, subject_id: subjectId }).first());
}

// ---------------------------------------------------------------- rows as the API shows them

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

function toNotification(r: any): Notification {
  return {
    id: r.id,
    userId: r.user_id,
    type: r.type,
    channel: r.channel,
    title: r.title,
    message: r.message,
    status: r.status,
    retryCount: r.retry_count,
    data: typeof r.data === 'string' ? JSON.parse(r.data) : (r.data ?? {}),
    link: r.link,
    readAt: iso(r.read_at),
    sentAt: iso(r.sent_at),
    createdAt: iso(r.created_at)!,
  };
}

function toAdminNotification(r: any): AdminNotification {
  return { ...toNotification(r), recipient: r.recipient, error: r.error };
}

// ---------------------------------------------------------------- pages (newest first)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A page cursor: the position of the last item shown, `<created_at ms>_<id>`. */
function cursorOf(row: { created_at: unknown; id: string }): string {
  return `${new Date(row.created_at as string).getTime()}_${row.id}`;
}

/** The last instant of year 9999: a cursor past it (the contract allows 15 digits) means "from the newest". */
const LAST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function parseCursor(before: string): { createdAt: Date; id: string } {
  const match = /^(\d{1,15})_(.+)$/.exec(before);
  if (!match || !UUID.test(match[2]!)) throw new ValidationError(NOTIFICATION_MESSAGES.before, 'before');
  return { createdAt: new Date(Math.min(Number(match[1]), LAST_INSTANT_MS)), id: match[2]!.toLowerCase() };
}

async function page<T>(
  query: Knex.QueryBuilder,
  options: { limit: number; before?: string },
  map: (row: any) => T,
): Promise<{ items: T[]; nextBefore: string | null }> {
  if (options.before) {
    const cursor = parseCursor(options.before);
    query.andWhereRaw('(created_at, id) < (?, ?)', [cursor.createdAt, cursor.id]);
  }
  const rows = await query
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(options.limit + 1);
  const more = rows.length > options.limit;
  const shown = rows.slice(0, options.limit);
  return { items: shown.map(map), nextBefore: more ? cursorOf(shown[shown.length - 1]) : null };
}

// ---------------------------------------------------------------- the recipient's inbox

export async function listInbox(
  db: Knex,
  userId: string,
  options: { unread: boolean; limit: number; before?: string },
): Promise<{ items: Notification[]; nextBefore: string | null }> {
  const query = db(TABLE).where({ user_id: userId, channel: 'in_app' });
  if (options.unread) query.whereNull('read_at');
  return page(query, options, toNotification);
}

export async function countUnread(db: Knex, userId: string): Promise<number> {
  const row = await db(TABLE)
    .where({ user_id: userId, channel: 'in_app' })
    .whereNull('read_at')
    .count<{ count: string | number }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

/** Marks the user's own in-app notification read (once: the first time stays); null if not theirs. */
export async function markRead(db: Knex, userId: string, id: string, at: Date): Promise<Notification | null> {
  if (!UUID.test(id)) return null;
  await db(TABLE)
    .where({ id, user_id: userId, channel: 'in_app' })
    .whereNull('read_at')
    .update({ read_at: at });
  const row = await db(TABLE).where({ id, user_id: userId, channel: 'in_app' }).first();
  return row ? toNotification(row) : null;
}

export async function markAllRead(db: Knex, userId: string, at: Date): Promise<number> {
  return db(TABLE).where({ user_id: userId, channel: 'in_app' }).whereNull('read_at').update({ read_at: at });
}

// ---------------------------------------------------------------- operations (super admin)

export interface AdminFilter {
  since: Date | null;
  status?: NotificationStatus;
  channel?: NotificationChannel;
}

function filtered(db: Knex, filter: AdminFilter): Knex.QueryBuilder {
  const query = db(TABLE);
  if (filter.since) query.where('created_at', '>=', filter.since);
  if (filter.status) query.where({ status: filter.status });
  if (filter.channel) query.where({ channel: filter.channel });
  return query;
}

export async function countByStatus(db: Knex, filter: AdminFilter): Promise<NotificationStats> {
  const rows: Array<{ status: NotificationStatus; count: string | number }> = await filtered(db, filter)
    .select('status')
    .count({ count: '*' })
    .groupBy('status');
  const stats: NotificationStats = { sent: 0, pending: 0, failed: 0 };
  for (const row of rows) if (row.status in stats) stats[row.status] = Number(row.count);
  return stats;
}

export async function listAll(
  db: Knex,
  filter: AdminFilter,
  options: { limit: number; before?: string },
): Promise<{ items: AdminNotification[]; nextBefore: string | null }> {
  return page(filtered(db, filter), options, toAdminNotification);
}

/** A failed e-mail back to pending, for the dispatcher to queue again; null if there is no such row. */
export async function requeueFailed(
  db: Knex,
  id: string,
): Promise<{ row: AdminNotification | null; requeued: boolean }> {
  if (!UUID.test(id)) return { row: null, requeued: false };
  const updated = await db(TABLE)
    .where({ id, status: 'failed', channel: 'email' })
    .update({ status: 'pending', enqueued_at: null });
  const row = await db(TABLE).where({ id }).first();
  return { row: row ? toAdminNotification(row) : null, requeued: updated > 0 };
}

// ---------------------------------------------------------------- delivery

export interface EmailToSend {
  id: string;
  userId: string | null;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  data: Record<string, unknown>;
  /** The address: the one the row names (an applicant), else the user's current one (directory). */
  address: string | null;
}

/** A pending e-mail row, with where it goes; null once it is sent or failed (or unknown). */
export async function pendingEmail(db: Knex, id: string): Promise<EmailToSend | null> {
  const row = await db(`${TABLE} as n`)
    .leftJoin('notifications.users as u', 'u.user_id', 'n.user_id')
    .select(
      'n.id',
      'n.user_id',
      'n.type',
      'n.title',
      'n.message',
      'n.link',
      'n.data',
      'n.recipient',
      'u.email as user_email',
    )
    .where({ 'n.id': id, 'n.status': 'pending', 'n.channel': 'email' })
    .first();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    data: typeof row.data === 'string' ? JSON.parse(row.data) : (row.data ?? {}),
    address: row.recipient ?? row.user_email ?? null,
  };
}

export async function markSent(db: Knex, id: string, address: string, at: Date): Promise<void> {
  await db(TABLE)
    .where({ id, status: 'pending' })
    .update({ status: 'sent', sent_at: at, recipient: address, error: null });
}

/** One failed attempt: retryCount + 1, the error kept; `final` ends it as failed. */
export async function recordFailedAttempt(
  db: Knex,
  id: string,
  options: { final: boolean; error: string },
): Promise<void> {
  await db(TABLE)
    .where({ id, status: 'pending' })
    .update({
      retry_count: db.raw('retry_count + 1'),
      error: options.error,
      ...(options.final ? { status: 'failed' } : {}),
    });
}

/** Pending rows not yet handed to the job queue, oldest first. */
export async function unqueuedPending(db: Knex, limit: number): Promise<string[]> {
  const rows = await db(TABLE)
    .select('id')
    .where({ status: 'pending' })
    .whereNull('enqueued_at')
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .limit(limit);
  return rows.map((r: { id: string }) => r.id);
}

export async function markEnqueued(db: Knex, ids: string[], at: Date): Promise<void> {
  if (ids.length) await db(TABLE).whereIn('id', ids).whereNull('enqueued_at').update({ enqueued_at: at });
}

/** Every pending row (the start-up sweep), in pages after `afterId`. */
export async function pendingAfter(db: Knex, afterId: string | null, limit: number): Promise<string[]> {
  const query = db(TABLE).select('id').where({ status: 'pending' });
  if (afterId) query.andWhere('id', '>', afterId);
  const rows = await query.orderBy('id').limit(limit);
  return rows.map((r: { id: string }) => r.id);
}
