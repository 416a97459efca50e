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
export type ExpectedVersion = number | 'no-stream' | 'any';

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
  event_id: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  schema_version: number;
  payload: unknown;
  metadata: EventMetadata;
}

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
  readAfter(position: number, limit: number, db?: Knex): Promise<EventEnvelope[]>;
}

export function createEventStore(knex: Knex, options: { schema: string; source: string }): EventStore {
  const { schema, source } = options;
  const table = `${schema}.events`;

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

  return {
    schema,
    source,
    async append(trx, streamId, expected, events, metadata) {
      // Appends are serialised per store so positions become visible in order: the relay
      // reads by position and must never see a later position commit before an earlier one.
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [table]);
      const current = await trx(table).where({ stream_id: streamId }).max('stream_version as v').first();
      const actual = current?.v == null ? 0 : Number(current.v);
      if (expected === 'no-stream' ? actual !== 0 : typeof expected === 'number' && expected !== actual) {
        throw new StaleVersionError(streamId, expected, actual);
      }
      if (events.length === 0) return [];
      const rows = events.map((event, i) => ({
        event_id: randomUUID(),
        stream_id: streamId,
        stream_version: actual + i + 1,
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
  };
}
