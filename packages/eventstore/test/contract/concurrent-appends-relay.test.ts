import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createLogger } from '@tapinti/platform/logger';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import {
  createEventStore,
  StaleVersionError,
  START_CHECKPOINT,
  type ExpectedVersion,
} from '@tapinti/eventstore/event-store';
import { createRelay, type RelayOptions } from '@tapinti/eventstore/relay';
import type { EventBus } from '@tapinti/ports/event-bus';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { eventually } from '../../../../test/support/eventually';
import { INFRA } from '../../../../test/support/infra';
import { createRecordingBus } from '../support/recording-bus';

const SCHEMA = 'contract';
const STREAMS = 50;
/** Events per append to each distinct stream: single and multi-event appends. */
const APPEND_SIZES = [1, 2, 1, 2];
const EVENTS_PER_STREAM = APPEND_SIZES.reduce((a, b) => a + b, 0);
const CONTENDED = 'contended';
const CONTENDED_WRITERS = 8;
const CONTENDED_APPENDS_PER_WRITER = 8;

/** A database plus what its creator has to tear down afterwards. */
interface Subject {
  knex: Knex;
  /**
   * The relay's own connection where there can be one: sharing the writers' saturated pool it
   * would only ever read far behind them, where no commit is still missing.
   */
  relayKnex: Knex;
  /** How long a commit stays open after its append, so commits finish out of position order. */
  holdMs: number;
  dispose(): Promise<void>;
}

async function pgliteSubject(): Promise<Subject> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-es-'));
  const knex = await createKnex({ driver: 'pglite', dataDir });
  // One connection: transactions take turns, nothing to hold open for.
  return {
    knex,
    relayKnex: knex,
    holdMs: 0,
    async dispose() {
      await knex.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresSubject(): Promise<Subject> {
  const database = `contract_es_${Date.now().toString(36)}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: INFRA.postgresAdminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${database}"`);
  const url = `${INFRA.postgresBaseUrl}/${database}`;
  // More connections than a pool usually has, so many appends are in flight at once.
  const knex = await createKnex({ driver: 'postgres', url, poolMax: 16 });
  const relayKnex = await createKnex({ driver: 'postgres', url, poolMax: 2 });
  return {
    knex,
    relayKnex,
    holdMs: 20,
    async dispose() {
      await relayKnex.destroy();
      await knex.destroy();
      await admin(`drop database if exists "${database}" with (force)`);
    },
  };
}

/** A relay on the subject's relay connection, looking again every 5 ms at events held back. */
const relayOf = (subject: Subject, bus: EventBus, options: Partial<RelayOptions>) =>
  createRelay(subject.relayKnex, createEventStore(subject.relayKnex, { schema: SCHEMA, source: SCHEMA }), {
    bus,
    topic: `${SCHEMA}.events`,
    logger: createLogger('test', 'silent'),
    pollMs: 5,
    ...options,
  });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe.each([
  { name: 'PGlite', open: pgliteSubject },
  { name: 'Postgres', open: postgresSubject },
])('concurrent appends while the relay publishes ($name)', ({ open }) => {
  let subject: Subject;
  let es: EventSourcing;
  beforeAll(async () => {
    subject = await open();
    await migrateSchema(subject.knex, SCHEMA, eventStoreMigrations(SCHEMA));
    es = createEventSourcing(subject.knex, {
      schema: SCHEMA,
      source: SCHEMA,
      project: async () => undefined,
      readModelTables: [],
    });
  });
  afterAll(() => subject?.dispose());

  /** One commit appending `count` events, held open a random while after the append. */
  const append = (streamId: string, expected: ExpectedVersion, count: number) =>
    es.commit(async ({ trx, append }) => {
      await append(
        streamId,
        expected,
        Array.from({ length: count }, () => ({
          type: 'contract.thing.happened',
          schemaVersion: 1,
          payload: {},
        })),
        systemMetadata(),
      );
      if (subject.holdMs > 0) await trx.raw('select pg_sleep(?)', [(Math.random() * subject.holdMs) / 1000]);
    });

  /** Appends to a stream many others append to: reads its version, retries when it went stale. */
  async function contendedWriter(): Promise<number> {
    let retries = 0;
    let done = 0;
    while (done < CONTENDED_APPENDS_PER_WRITER) {
      try {
        const expected: ExpectedVersion = (await es.store.readStream(CONTENDED)).length || 'no-stream';
        await append(CONTENDED, expected, 1);
        done += 1;
      } catch (err) {
        if (!(err instanceof StaleVersionError)) throw err;
        retries += 1;
        await sleep(Math.random() * 3);
      }
    }
    return retries;
  }

  it('publishes every event exactly once, per stream in version order, while appends race', async () => {
    const bus = createRecordingBus({ failEvery: 7 });
    const relay = relayOf(subject, bus, { batchSize: 7, maxBackoffMs: 20 });
    es.onCommitted(() => relay.nudge());
    relay.start();
    let retries: number[];
    try {
      const distinct = Array.from({ length: STREAMS }, async (_, s) => {
        let version = 0;
        for (const count of APPEND_SIZES) {
          await append(`stream-${s}`, version || 'no-stream', count);
          version += count;
        }
      });
      const contended = Array.from({ length: CONTENDED_WRITERS }, () => contendedWriter());
      [retries] = await Promise.all([Promise.all(contended), Promise.all(distinct)]);
      const total = STREAMS * EVENTS_PER_STREAM + CONTENDED_WRITERS * CONTENDED_APPENDS_PER_WRITER;
      await eventually(() => expect(bus.published.length).toBeGreaterThanOrEqual(total), {
        timeoutMs: 20_000,
      });
      // Anything published twice or late would show up now.
      await sleep(100);
    } finally {
      await relay.stop();
    }

    const stored: EventEnvelope[] = await es.store.readAfter(0, 100_000);
    const ids = bus.published.map((e) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice().sort()).toEqual(stored.map((e) => e.eventId).sort());

    const versionsByStream = new Map<string, number[]>();
    for (const event of bus.published) {
      versionsByStream.set(event.streamId, [
        ...(versionsByStream.get(event.streamId) ?? []),
        event.streamVersion,
      ]);
    }
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(versionsByStream.size).toBe(STREAMS + 1);
    for (let s = 0; s < STREAMS; s++)
      expect(versionsByStream.get(`stream-${s}`)).toEqual(upTo(EVENTS_PER_STREAM));
    expect(versionsByStream.get(CONTENDED)).toEqual(upTo(CONTENDED_WRITERS * CONTENDED_APPENDS_PER_WRITER));

    const contendedStream = await es.store.readStream(CONTENDED);
    expect(contendedStream.map((e) => e.streamVersion)).toEqual(
      upTo(CONTENDED_WRITERS * CONTENDED_APPENDS_PER_WRITER),
    );
    // The scenario really raced and really retried.
    expect(bus.refusals).toBeGreaterThan(0);
    if (subject.holdMs > 0) expect(retries.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});

// Needs two open transactions at once, which PGlite (one connection) cannot have.
describe('an append by a transaction older than the stream’s last writer (Postgres)', () => {
  it('is stored under that writer’s transaction id, so the relay publishes it after the events it follows', async () => {
    const subject = await postgresSubject();
    try {
      await migrateSchema(subject.knex, SCHEMA, eventStoreMigrations(SCHEMA));
      const store = createEventStore(subject.knex, { schema: SCHEMA, source: SCHEMA });
      const events = [{ type: 'contract.thing.happened', schemaVersion: 1, payload: {} }];
      await subject.knex.transaction((trx) => store.append(trx, 's', 'no-stream', events, systemMetadata()));
      const older = await subject.knex.transaction();
      try {
        await older.raw('select pg_current_xact_id()'); // it has its id from now on
        await subject.knex.transaction((trx) => store.append(trx, 's', 1, events, systemMetadata()));
        // It sees version 2 (read committed), though its id is below the one that wrote it.
        await store.append(older, 's', 2, events, systemMetadata());
        await older.commit();
      } catch (err) {
        await older.rollback();
        throw err;
      }
      // The relay reads below the oldest running transaction's id, and the shared server's other
      // databases (suites running beside this one) may hold one open for a moment: wait it out.
      await eventually(
        async () => {
          const { events: relayed } = await store.readCommittedAfter(START_CHECKPOINT, 10);
          expect(relayed.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
        },
        { timeoutMs: 30_000 },
      );
    } finally {
      await subject.dispose();
    }
  });
});

// Needs transactions running beside the reader, which PGlite (one connection) cannot have.
describe('the transactions the relay waits for (Postgres)', () => {
  it('waits for a running writer of its schema, never for one of another schema', async () => {
    const subject = await postgresSubject();
    const store = createEventStore(subject.relayKnex, { schema: SCHEMA, source: SCHEMA });
    const events = [{ type: 'contract.thing.happened', schemaVersion: 1, payload: {} }];
    const appendOne = (streamId: string) =>
      subject.knex.transaction((trx) => store.append(trx, streamId, 'no-stream', events, systemMetadata()));
    const relayed = async () =>
      (await store.readCommittedAfter(START_CHECKPOINT, 10)).events.map((e) => e.streamId);
    const elsewhere = await subject.knex.transaction();
    const ownSchema = await subject.knex.transaction();
    try {
      await migrateSchema(subject.knex, SCHEMA, eventStoreMigrations(SCHEMA));
      await subject.knex.raw('create schema other; create table other.things (id int)');
      // A long transaction of another service, older than the append that follows.
      await elsewhere('other.things').insert({ id: 1 });
      await appendOne('after-another-schema');
      expect(await relayed()).toEqual(['after-another-schema']);

      // A transaction of the store's own schema (a read model written first), older than the next
      // append: that one waits until it ended, whatever it appends.
      await ownSchema.raw(`select 1 from ${SCHEMA}.streams limit 1`);
      await ownSchema.raw('select pg_current_xact_id()');
      await appendOne('behind-own-schema');
      expect(await relayed()).toEqual(['after-another-schema']);
      expect(await store.hasEventsAfter(START_CHECKPOINT)).toBe(true);
      await store.append(ownSchema, 'own-schema', 'no-stream', events, systemMetadata());
      await ownSchema.commit();
      expect(await relayed()).toEqual(['after-another-schema', 'own-schema', 'behind-own-schema']);
    } finally {
      if (!ownSchema.isCompleted()) await ownSchema.rollback();
      await elsewhere.rollback();
      await subject.dispose();
    }
  });
});

// Postgres: a commit of another replica; PGlite: an append within a consumer's own transaction.
describe.each([
  { name: 'PGlite', open: pgliteSubject },
  { name: 'Postgres', open: postgresSubject },
])('a relay not told of a commit ($name)', ({ open }) => {
  it('publishes it when notified, and does not poll while idle', async () => {
    const subject = await open();
    const bus = createRecordingBus();
    // Its lease lasts a minute: a look at renewal time (every 20 s) cannot be what finds the events.
    const relay = relayOf(subject, bus, { leaseMs: 60_000 });
    try {
      await migrateSchema(subject.knex, SCHEMA, eventStoreMigrations(SCHEMA));
      const store = createEventStore(subject.knex, { schema: SCHEMA, source: SCHEMA });
      const appendOne = (streamId: string) =>
        subject.knex.transaction((trx) =>
          store.append(
            trx,
            streamId,
            'no-stream',
            [{ type: 'contract.thing.happened', schemaVersion: 1, payload: {} }],
            systemMetadata(),
          ),
        );
      relay.start();
      await appendOne('first');
      await eventually(() => expect(bus.published.map((e) => e.streamId)).toEqual(['first']), {
        timeoutMs: 10_000,
      });

      let queries = 0;
      let lastQueryAt = Date.now();
      const count = () => {
        queries += 1;
        lastQueryAt = Date.now();
      };
      subject.relayKnex.on('query', count);
      // The round that published 'first' still advances the checkpoint and looks for more (four
      // queries, which may come after the bus saw the event): idle starts once they are over.
      await eventually(() => expect(Date.now() - lastQueryAt).toBeGreaterThanOrEqual(200), {
        timeoutMs: 10_000,
      });
      queries = 0;
      await sleep(1000);
      subject.relayKnex.off('query', count);
      // Polling every 5 ms would have sent some 200; a lease renewal may fall in the second.
      expect(queries).toBeLessThanOrEqual(2);

      await Promise.all(['second', 'third'].map(appendOne));
      await eventually(
        () => expect(bus.published.map((e) => e.streamId).sort()).toEqual(['first', 'second', 'third']),
        { timeoutMs: 10_000 },
      );
    } finally {
      await relay.stop();
      await subject.dispose();
    }
  });
});
