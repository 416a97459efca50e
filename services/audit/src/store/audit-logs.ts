import type { Knex } from '@tapinti/platform/db';
import type { AuditLogEntry, AuditLogPage, AuditLogQuery } from '@tapinti/contracts/audit-api';
import type { AuditEntry } from '../domain/audit-entry';

export const AUDIT_LOGS = 'audit.audit_logs';
export const ACTORS = 'audit.users';

/** Parameterised insert; a second delivery of the same event is ignored (event_id unique). */
export async function insertAuditEntry(trx: Knex.Transaction, id: string, entry: AuditEntry): Promise<void> {
  await trx(AUDIT_LOGS)
    .insert({
      id,
      event_id: entry.eventId,
      source: entry.source,
      user_id: entry.userId,
      organization_id: entry.organizationId,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      action: entry.action,
      before_state: entry.beforeState === null ? null : JSON.stringify(entry.beforeState),
      after_state: entry.afterState === null ? null : JSON.stringify(entry.afterState),
      ip_address: entry.ipAddress,
      user_agent: entry.userAgent,
      created_at: entry.createdAt.toISOString(),
    })
    .onConflict('event_id')
    .ignore();
}

export async function upsertActorName(trx: Knex.Transaction, id: string, username: string): Promise<void> {
  await trx(ACTORS).insert({ id, username }).onConflict('id').merge(['username']);
}

/** The name a purged account's rows show (its username is gone with the rest of its data). */
export const PURGED_ACCOUNT_NAME = 'silinmiş hesab';
/** What a purged account's rows lose from their states: who it was, not what happened. */
const PERSONAL_KEYS = '{username,email,phone,contactInfo}';

/**
 * `auth.user.purged`: the rows the account acted in or that are about it keep their actions and
 * times, without its name, addresses, number, IP address or browser.
 */
export async function forgetPurgedAccount(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx(AUDIT_LOGS)
    .where({ user_id: userId })
    .orWhere((q) => q.where({ entity_type: 'user', entity_id: userId }))
    .update({
      before_state: trx.raw('before_state - ?::text[]', [PERSONAL_KEYS]),
      after_state: trx.raw('after_state - ?::text[]', [PERSONAL_KEYS]),
      ip_address: null,
      user_agent: null,
    });
  await trx(ACTORS).where({ id: userId }).update({ username: PURGED_ACCOUNT_NAME });
}

/** What the rows of a hidden or deleted announcement lose: how to reach its author (issue 21). */
const ANNOUNCEMENT_CONTACT_KEYS = '{contactInfo}';

/**
 * `announcements.announcement.hidden` / `.deleted`: the announcement's rows keep their actions,
 * texts and times, without the contact it showed (as a purged account's rows lose theirs).
 */
export async function forgetAnnouncementContact(
  trx: Knex.Transaction,
  announcementId: string,
): Promise<void> {
  await trx(AUDIT_LOGS)
    .where({ entity_type: 'announcement', entity_id: announcementId })
    .update({
      before_state: trx.raw('before_state - ?::text[]', [ANNOUNCEMENT_CONTACT_KEYS]),
      after_state: trx.raw('after_state - ?::text[]', [ANNOUNCEMENT_CONTACT_KEYS]),
    });
}

/** The columns of an audit row as the API shows it (`l`: audit_logs, `u`: the actor names). */
export const AUDIT_ROW_COLUMNS = [
  'l.id',
  'l.user_id',
  'u.username',
  'l.organization_id',
  'l.entity_type',
  'l.entity_id',
  'l.action',
  'l.before_state',
  'l.after_state',
  'l.ip_address',
  'l.user_agent',
  'l.created_at',
  'l.source',
];

export interface AuditRow {
  id: string;
  user_id: string | null;
  username: string | null;
  organization_id: string | null;
  entity_type: string;
  entity_id: string | null;
  action: string;
  before_state: unknown;
  after_state: unknown;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date | string;
  source: string;
}

export const toAuditLogEntry = (row: AuditRow): AuditLogEntry => ({
  id: row.id,
  userId: row.user_id,
  username: row.username,
  organizationId: row.organization_id,
  entityType: row.entity_type,
  entityId: row.entity_id,
  action: row.action,
  beforeState: row.before_state ?? null,
  afterState: row.after_state ?? null,
  ipAddress: row.ip_address,
  userAgent: row.user_agent,
  createdAt: new Date(row.created_at).toISOString(),
  source: row.source,
});

/** Newest first, filtered by organisation, user and time range, one page plus the total. */
export async function listAuditLogs(db: Knex, query: AuditLogQuery): Promise<AuditLogPage> {
  const filtered = () =>
    db(`${AUDIT_LOGS} as l`).modify((q) => {
      if (query.organizationId) q.where('l.organization_id', query.organizationId);
      if (query.userId) q.where('l.user_id', query.userId);
      if (query.from) q.where('l.created_at', '>=', query.from.toISOString());
      if (query.to) q.where('l.created_at', query.toExclusive ? '<' : '<=', query.to.toISOString());
    });
  const [countRow] = await filtered().count<Array<{ count: string | number }>>({ count: '*' });
  const rows: AuditRow[] = await filtered()
    .leftJoin(`${ACTORS} as u`, 'u.id', 'l.user_id')
    .select(AUDIT_ROW_COLUMNS)
    .orderBy([
      { column: 'l.created_at', order: 'desc' },
      { column: 'l.seq', order: 'desc' },
    ])
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map(toAuditLogEntry),
    total: Number(countRow?.count ?? 0),
    limit: query.limit,
    offset: query.offset,
  };
}
