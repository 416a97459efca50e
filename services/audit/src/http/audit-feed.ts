import type { Knex } from '@tapinti/platform/db';
import type { Logger } from '@tapinti/platform/logger';
import { auditLogEntrySchema, type AuditLogEntry } from '@tapinti/contracts/audit-api';

const AUDIT_LOGS = 'audit.audit_logs';
const ACTORS = 'audit.users';

/** How often the feed looks for new rows while someone listens. */
export const FEED_POLL_MS = 1000;
const BATCH = 200;

export type FeedListener = (entry: AuditLogEntry, seq: string) => void;

export interface AuditFeed {
  /** Calls `listener` with every row recorded after now; returns the unsubscribe function. */
  subscribe(listener: FeedListener): Promise<() => void>;
  /** Stops polling (service shutdown). */
  close(): void;
}

interface FeedRow {
  seq: string | number;
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

const toEntry = (row: FeedRow): AuditLogEntry =>
  auditLogEntrySchema.parse({
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

/**
 * The live feed behind GET /api/audit-logs/stream: ONE poller per process, running only while
 * somebody listens, reads the rows recorded after the last one it saw (by `seq`, the arrival
 * order) and hands each to every listener. Rows arrive from every instance's consumer, so reading
 * the table (not this process's consumer) keeps every replica's stream complete.
 */
export function createAuditFeed(knex: Knex, logger: Logger): AuditFeed {
  const listeners = new Set<FeedListener>();
  let last: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let polling = false;

  const latestSeq = async (): Promise<string> => {
    const row = await knex(AUDIT_LOGS).max<{ max: string | number | null }>({ max: 'seq' }).first();
    return String(row?.max ?? 0);
  };

  const poll = async () => {
    if (polling || last === null) return;
    polling = true;
    try {
      for (;;) {
        const rows: FeedRow[] = await knex(`${AUDIT_LOGS} as l`)
          .leftJoin(`${ACTORS} as u`, 'u.id', 'l.user_id')
          .where('l.seq', '>', last)
          .select(
            'l.seq',
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
          )
          .orderBy('l.seq', 'asc')
          .limit(BATCH);
        for (const row of rows) {
          last = String(row.seq);
          const entry = toEntry(row);
          for (const listener of listeners) listener(entry, last);
        }
        if (rows.length < BATCH) break;
      }
    } catch (error) {
      logger.warn({ err: error }, 'audit feed: reading new rows failed; retrying');
    } finally {
      polling = false;
    }
  };

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
    last = null;
  };

  return {
    async subscribe(listener) {
      if (listeners.size === 0 || last === null) {
        last = await latestSeq();
        if (!timer) {
          timer = setInterval(() => void poll(), FEED_POLL_MS);
          timer.unref?.();
        }
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    close() {
      listeners.clear();
      stop();
    },
  };
}
