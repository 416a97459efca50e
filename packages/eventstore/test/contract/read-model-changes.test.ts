import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createLogger } from '@tapinti/platform/logger';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { notifyReadModelChanges, readModelChanges } from '@tapinti/eventstore/read-model-changes';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { eventually } from '../../../../test/support/eventually';
import { scratchDatabase } from '../../../../test/support/scratch-database';

const SCHEMA = 'changes';

const boardMigration = {
  name: '001-board',
  async up(knex: Knex) {
    await knex.raw(`create table ${SCHEMA}.board (id int primary key, title text not null)`);
    await knex.raw(`create table ${SCHEMA}.unwatched (id int primary key)`);
    await notifyReadModelChanges(knex, SCHEMA, ['board']);
  },
};

/** A database with the schema: `writer` is another process's connection where there can be one. */
interface Subject {
  knex: Knex;
  writer: Knex;
  dispose(): Promise<void>;
}

async function pgliteSubject(): Promise<Subject> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-changes-'));
  const knex = await createKnex({ driver: 'pglite', dataDir });
  await migrateSchema(knex, SCHEMA, [...eventStoreMigrations(SCHEMA), boardMigration]);
  return {
    knex,
    writer: knex,
    async dispose() {
      await knex.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresSubject(): Promise<Subject> {
  const database = await scratchDatabase('changes', SCHEMA, [boardMigration]);
  const writer = await createKnex({ driver: 'postgres', url: database.url });
  return {
    knex: database.knex,
    writer,
    async dispose() {
      await writer.destroy();
      await database.drop();
    },
  };
}

/** Issue 23: what tells the public list's kept answers that the board changed. */
describe.each([
  { name: 'PGlite', open: pgliteSubject },
  { name: 'Postgres', open: postgresSubject },
])('read-model changes ($name)', ({ open }) => {
  let subject: Subject;
  let es: EventSourcing;
  let changes: ReturnType<typeof readModelChanges>;
  let reported = 0;

  beforeAll(async () => {
    subject = await open();
    es = createEventSourcing(subject.knex, {
      schema: SCHEMA,
      source: SCHEMA,
      project: async (trx, event) => {
        await trx(`${SCHEMA}.board`).insert({ id: Number(event.streamId), title: 'posted' });
      },
      readModelTables: ['board'],
    });
    changes = readModelChanges(subject.knex, SCHEMA, es, createLogger('test', 'silent'));
  });
  afterAll(async () => {
    await changes?.stop();
    await subject?.dispose();
  });

  it('is not live until it listens, then reports once that it started', async () => {
    expect(changes.live).toBe(false);
    changes.onChange(() => {
      reported += 1;
    });
    await eventually(() => expect(changes.live).toBe(true));
    expect(reported).toBe(1);
  });

  it("reports another writer's committed change of a watched table, not one of another table or one undone", async () => {
    const before = reported;
    await subject.writer(`${SCHEMA}.unwatched`).insert({ id: 1 });
    await subject.writer
      .transaction(async (trx) => {
        await trx(`${SCHEMA}.board`).insert({ id: 100, title: 'undone' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await subject.writer(`${SCHEMA}.board`).insert({ id: 101, title: 'by another replica' });
    await eventually(() => expect(reported).toBeGreaterThan(before));
    // One commit, one report: the unwatched table and the undone write said nothing.
    expect(reported).toBe(before + 1);
  });

  it("reports this process's own command as soon as it commits, before any notification", async () => {
    const before = reported;
    await es.commit((uow) =>
      uow.append(
        '7',
        'no-stream',
        [{ type: 'changes.board.posted', schemaVersion: 1, payload: {} }],
        systemMetadata(),
      ),
    );
    expect(reported).toBeGreaterThan(before);
  });
});
