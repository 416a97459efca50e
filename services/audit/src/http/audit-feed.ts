import type { Knex } from '@tapinti/platform/db';
import type { Logger } from '@tapinti/platform/logger';
import { auditLogEntrySchema, type AuditLogEntry } from '@tapinti/contracts/audit-api';
import { ACTORS, AUDIT_LOGS, AUDIT_ROW_COLUMNS, toAuditLogEntry, type AuditRow } from '../store/audit-logs';

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

interface FeedRow extends AuditRow {
  seq: string | number;
}

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
          .select(['l.seq', ...AUDIT_ROW_COLUMNS])
          .orderBy('l.seq', 'asc')
          .limit(BATCH);
        for (const row of rows) {
          last = String(row.seq);
          const entry = auditLogEntrySchema.parse(toAuditLogEntry(row));
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
