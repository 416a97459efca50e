import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventEnvelope, EventMetadata } from '@tapinti/contracts/event-envelope';
import { ConflictError } from '@tapinti/platform/errors';

export interface NewEvent {
  type: string;
  schemaVersion: number;
  payload: unknown;
}

/** `no-stream`: the stream must not exist yet; a number: the version the caller last saw. */
export type ExpectedVersion = number | 'no-stream';

export class StaleVersionError extends ConflictError {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super('Məlumat artıq dəyişdirilib. Səhifəni yeniləyib yenidən cəhd edin');
  }
}

interface EventRow {
  position: number;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  schema_version: number;
  payload: unknown;
  metadata: EventMetadata;
}

/** How far a reader of committed events has got: the last (transaction id, position) it read. */
export interface ReadCheckpoint {
  /** An `xid8`, as text. */
  transactionId: string;
  position: number;
}

export const START_CHECKPOINT: ReadCheckpoint = { transactionId: '0', position: 0 };

export interface EventStore {
  readonly schema: string;
  readonly source: string;
  /** Appends inside the caller's transaction, so read models change in the same commit. */
  append(
    trx: Knex.Transaction,
    streamId: string,
    expected: ExpectedVersion,
    events: NewEvent[],
    metadata: EventMetadata,
  ): Promise<EventEnvelope[]>;
  readStream(streamId: string, db?: Knex): Promise<EventEnvelope[]>;
  /** By position: per stream that is version order (for replays within one snapshot). */
  readAfter(position: number, limit: number, db?: Knex): Promise<EventEnvelope[]>;
  /**
   * Events of finished transactions only (older than every running one that writes this store's
   * schema), after `checkpoint`, in (transaction id, position) order: whatever commits later sorts
   * after what was read, so a reader moving its checkpoint along never skips an event.
   */
  readCommittedAfter(
    checkpoint: ReadCheckpoint,
    limit: number,
    db?: Knex,
  ): Promise<{ events: EventEnvelope[]; checkpoint: ReadCheckpoint }>;
  /**
   * Whether committed events after `checkpoint` exist that `readCommittedAfter` cannot return yet
   * (a transaction of this schema older than theirs still runs).
   */
  hasEventsAfter(checkpoint: ReadCheckpoint, db?: Knex): Promise<boolean>;
}

/**
 * Below which transaction id every transaction that may still append to the schema `?` has
 * ended: the oldest id among the running transactions holding a lock on one of the schema's
 * tables, else the next id to be given. Only this schema's writers count — a long transaction of
 * another service (or of another database on the server) holds nothing back, where the server's
 * oldest running transaction (`pg_snapshot_xmin`) made every relay wait for any writer anywhere
 * (issue 23: the matcher's batches held the announcements relay seconds behind under load).
 *
 * A transaction touches its service's schema before it has an id of its own (an id comes with a
 * first write, and a service writes only its own schema), so it is listed from then on. One that
 * takes its id after the listing began gets one at or above the statement's `xmax`; one that ended
 * before the listing is visible to the reading statement that follows. `pg_locks` names ids in
 * 32 bits: each is widened to the 64-bit id nearest `xmax` that ends in those bits (a running id
 * may lie above `xmax`, which is only the newest finished one's successor).
 */
const WRITERS_HORIZON = `
  select coalesce(min(s.xmax - ((s.xmax % 4294967296 - l.transactionid::text::numeric + 6442450944) % 4294967296 - 2147483648)), s.xmax)::text as horizon
  from (select pg_snapshot_xmax(pg_current_snapshot())::text::numeric as xmax) s
  left join (
    select own.transactionid
    from pg_locks held
    join pg_locks own on own.pid = held.pid and own.locktype = 'transactionid' and own.mode = 'ExclusiveLock' and own.granted
    where held.locktype = 'relation'
      and held.database = (select oid from pg_database where datname = current_database())
      and held.relation in (select oid from pg_class where relnamespace = ?::regnamespace)
  ) l on true
  group by s.xmax`;

export function createEventStore(knex: Knex, options: { schema: string; source: string }): EventStore {
  const { schema, source } = options;
  const table = `${schema}.events`;
  const streams = `${schema}.streams`;

  const toEnvelope = (row: EventRow): EventEnvelope => ({
    eventId: row.event_id,
    type: row.event_type,
    schemaVersion: row.schema_version,
    source,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    position: Number(row.position),
    payload: row.payload,
    metadata: row.metadata,
  });

  const after = (db: Knex, checkpoint: ReadCheckpoint) =>
    db(table).whereRaw('(transaction_id, position) > (?::xid8, ?)', [
      checkpoint.transactionId,
      checkpoint.position,
    ]);

  const versionOf = async (trx: Knex.Transaction, streamId: string): Promise<number> => {
    const row = await trx(streams).where({ stream_id: streamId }).first('version');
    return row ? Number(row.version) : 0;
  };

  /**
   * Moves the stream's version on by `count` if `expected` holds, locking its row until commit;
   * null when it does not hold. Returns the transaction id the events are stored under: this
   * transaction's, or the stream's last writer's when that one is younger (it got its id after
   * this one and committed first). The relay publishes in (transaction id, position) order, so the
   * events then sort after the ones they follow; they stay unread until this transaction ends, as
   * every transaction id at or above its own does.
   */
  async function advance(
    trx: Knex.Transaction,
    streamId: string,
    expected: ExpectedVersion,
    count: number,
  ): Promise<{ version: number; transactionId: string } | null> {
    const result: { rows: Array<{ version: number; transaction_id: string }> } =
      expected === 'no-stream' || expected === 0
        ? await trx.raw(
            `insert into ?? (stream_id, version, transaction_id) values (?, ?, pg_current_xact_id())
             on conflict (stream_id) do nothing returning version, transaction_id`,
            [streams, streamId, count],
          )
        : await trx.raw(
            `update ?? set version = version + ?, transaction_id = greatest(transaction_id, pg_current_xact_id())
             where stream_id = ? and version = ? returning version, transaction_id`,
            [streams, count, streamId, expected],
          );
    const row = result.rows[0];
    return row ? { version: Number(row.version), transactionId: String(row.transaction_id) } : null;
  }

  return {
    schema,
    source,
    async append(trx, streamId, expected, events, metadata) {
      if (events.length === 0) {
        const actual = await versionOf(trx, streamId);
        if ((expected === 'no-stream' ? 0 : expected) !== actual) {
          throw new StaleVersionError(streamId, expected, actual);
        }
        return [];
      }
      const advanced = await advance(trx, streamId, expected, events.length);
      if (!advanced) throw new StaleVersionError(streamId, expected, await versionOf(trx, streamId));
      const first = advanced.version - events.length + 1;
      const rows = events.map((event, i) => ({
        transaction_id: advanced.transactionId,
        event_id: randomUUID(),
        stream_id: streamId,
        stream_version: first + i,
        event_type: event.type,
        schema_version: event.schemaVersion,
        payload: JSON.stringify(event.payload),
        metadata: JSON.stringify(metadata),
      }));
      const inserted: EventRow[] = await trx(table).insert(rows).returning('*');
      return inserted.sort((a, b) => Number(a.position) - Number(b.position)).map(toEnvelope);
    },
    async readStream(streamId, db = knex) {
      const rows: EventRow[] = await db(table).where({ stream_id: streamId }).orderBy('stream_version');
      return rows.map(toEnvelope);
    },
    async readAfter(position, limit, db = knex) {
      const rows: EventRow[] = await db(table)
        .where('position', '>', position)
        .orderBy('position')
        .limit(limit);
      return rows.map(toEnvelope);
    },
    async readCommittedAfter(checkpoint, limit, db = knex) {
      // Two statements: the events' snapshot is taken after the running writers were listed.
      const { rows: horizon } = await db.raw(WRITERS_HORIZON, [schema]);
      const rows: EventRow[] = await after(db, checkpoint)
        .whereRaw('transaction_id < ?::xid8', [horizon[0].horizon])
        .orderBy([{ column: 'transaction_id' }, { column: 'position' }])
        .limit(limit);
      const last = rows[rows.length - 1];
      return {
        events: rows.map(toEnvelope),
        checkpoint: last
          ? { transactionId: last.transaction_id, position: Number(last.position) }
          : checkpoint,
      };
    },
    async hasEventsAfter(checkpoint, db = knex) {
      const row = await after(db, checkpoint).first(db.raw('1 as found'));
      return row !== undefined;
    },
  };
}
