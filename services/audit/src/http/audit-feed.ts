import type { Knex } from '@tapinti/platform/db';
import type { Logger } from '@tapinti/platform/logger';
import { auditLogEntrySchema, type AuditLogEntry } from '@tapinti/contracts/audit-api';
import { ACTORS, AUDIT_LOGS, AUDIT_ROW_COLUMNS, toAuditLogEntry, type AuditRow } from '../store/audit-logs';

/** How often the feed looks for new rows while someone listens. */
export const FEED_POLL_MS = 1000;
const BATCH = 200;
/**
 * How long a gap in `seq` below the newest row is awaited. Rows commit out of `seq` order (each
 * consumer batch is a transaction, and several run at once), so a missing value is most often a row
 * still to commit; after this long it is taken for a value no row kept (a duplicate delivery ignored).
 */
const GAP_WAIT_MS = 30_000;

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
  let last: number | null = null;
  /** The `seq` values below `last` not read yet, and since when they have been missed. */
  const gaps = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;

  const latestSeq = async (): Promise<number> => {
    const row = await knex(AUDIT_LOGS).max<{ max: string | number | null }>({ max: 'seq' }).first();
    return Number(row?.max ?? 0);
  };

  const poll = async () => {
    if (polling || last === null) return;
    polling = true;
    try {
      const now = Date.now();
      for (const [seq, since] of gaps) if (now - since > GAP_WAIT_MS) gaps.delete(seq);
      // From the oldest gap: a row below the newest one may have committed since.
      let after = gaps.size > 0 ? Math.min(...gaps.keys()) - 1 : last;
      for (;;) {
        const rows: FeedRow[] = await knex(`${AUDIT_LOGS} as l`)
          .leftJoin(`${ACTORS} as u`, 'u.id', 'l.user_id')
          .where('l.seq', '>', after)
          .select(['l.seq', ...AUDIT_ROW_COLUMNS])
          .orderBy('l.seq', 'asc')
          .limit(BATCH);
        for (const row of rows) {
          if (last === null) return; // the last listener left meanwhile
          const seq = Number(row.seq);
          after = seq;
          if (seq <= last && !gaps.delete(seq)) continue; // handed on already
          for (let missing = last + 1; missing < seq; missing++) gaps.set(missing, now);
          last = Math.max(last, seq);
          const entry = auditLogEntrySchema.parse(toAuditLogEntry(row));
          for (const listener of listeners) listener(entry, String(seq));
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
    gaps.clear();
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
