import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createCommandHandler, decideWithin, type Decider } from '@tapinti/eventstore/command-handler';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { StaleVersionError, type NewEvent } from '@tapinti/eventstore/event-store';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';

/** A counter: `add` appends what it adds; the state is the sum. */
const counter: Decider<number, { add: number }> = {
  initialState: () => 0,
  evolve: (sum, event) => sum + (event.payload as { by: number }).by,
  decide: ({ add }) =>
    add === 0 ? [] : [{ type: 'demo.counter.added', schemaVersion: 1, payload: { by: add } }],
};
const added = (by: number): NewEvent => ({ type: 'demo.counter.added', schemaVersion: 1, payload: { by } });

describe('one path from a command to events (PGlite)', () => {
  let knex: Knex;
  let es: EventSourcing;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'command-'));
    knex = await createKnex({ driver: 'pglite', dataDir: dir });
    await migrateSchema(knex, 'demo', [
      ...eventStoreMigrations('demo'),
      {
        name: '001',
        up: (k) =>
          k.schema.withSchema('demo').createTable('sums', (t) => {
            t.text('id').primary();
            t.integer('sum').notNullable();
          }),
      },
    ]);
    es = createEventSourcing(knex, {
      schema: 'demo',
      source: 'demo',
      readModelTables: ['sums'],
      project: async (trx, e) => {
        const { by } = e.payload as { by: number };
        await trx('demo.sums')
          .insert({ id: e.streamId, sum: by })
          .onConflict('id')
          .merge({ sum: trx.raw('demo.sums.sum + ?', [by]) });
      },
    });
  });
  afterAll(async () => {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Another writer's commit, as an HTTP request's would be. */
  const otherWriter = async (streamId: string, by: number) => {
    const version = (await es.store.readStream(streamId)).length;
    await es.commit((uow) => uow.append(streamId, version || 'no-stream', [added(by)], systemMetadata()));
  };
  const sumOf = async (streamId: string) => (await knex('demo.sums').where({ id: streamId }).first())?.sum;

  /**
   * The event sourcing as seen by a writer whose first `overtakenReads` reads are overtaken: each
   * misses the stream's last event, as when another writer commits between the read and the append
   * (PGlite has one connection, so that other writer cannot run in between for real).
   */
  const overtaken = (overtakenReads: number): EventSourcing => {
    let left = overtakenReads;
    return {
      ...es,
      store: {
        ...es.store,
        readStream: async (streamId, db) => {
          const history = await es.store.readStream(streamId, db);
          return left-- > 0 ? history.slice(0, -1) : history;
        },
      },
    };
  };

  describe('the command handler', () => {
    const handler = () => createCommandHandler(es, counter);

    it('folds the stream, decides, appends and projects in one commit; no events, no append', async () => {
      const first = await handler().handle('h-1', (sum) => counter.decide({ add: 2 }, sum), systemMetadata());
      expect(first.state).toBe(2);
      expect(first.events.map((e) => e.streamVersion)).toEqual([1]);
      const second = await handler().handle(
        'h-1',
        (sum) => counter.decide({ add: 3 }, sum),
        systemMetadata(),
      );
      expect(second).toMatchObject({ state: 5, events: [{ streamVersion: 2 }] });
      const none = await handler().handle('h-1', (sum) => counter.decide({ add: 0 }, sum), systemMetadata());
      expect(none).toEqual({ state: 5, events: [] });
      expect(await sumOf('h-1')).toBe(5);
    });

    it('retries a stale version from a fresh read (the decision then sees the other writer’s event)', async () => {
      await otherWriter('h-2', 1);
      await otherWriter('h-2', 10);
      const seen: number[] = [];
      const result = await createCommandHandler(overtaken(2), counter).handle(
        'h-2',
        (sum) => {
          seen.push(sum);
          return counter.decide({ add: 100 }, sum);
        },
        systemMetadata(),
      );
      expect(seen).toEqual([1, 1, 11]);
      expect(result.state).toBe(111);
      expect((await es.store.readStream('h-2')).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
      expect(await sumOf('h-2')).toBe(111);
    });

    it('answers 409 (StaleVersionError) after three stale tries, and appends nothing', async () => {
      await otherWriter('h-3', 1);
      let tries = 0;
      const attempt = createCommandHandler(overtaken(Infinity), counter).handle(
        'h-3',
        (sum) => {
          tries += 1;
          return counter.decide({ add: 100 }, sum);
        },
        systemMetadata(),
      );
      await expect(attempt).rejects.toBeInstanceOf(StaleVersionError);
      await expect(attempt).rejects.toMatchObject({ status: 409 });
      expect(tries).toBe(3);
      expect(await sumOf('h-3')).toBe(1);
    });
  });

  describe('decideWithin (a consumer’s batch transaction)', () => {
    it('decides in the caller’s transaction: its rollback takes the events with it', async () => {
      await expect(
        knex.transaction(async (trx) => {
          await decideWithin(
            es,
            counter,
            trx,
            'w-1',
            (sum) => counter.decide({ add: 4 }, sum),
            systemMetadata(),
          );
          throw new Error('the batch failed');
        }),
      ).rejects.toThrow('the batch failed');
      expect(await es.store.readStream('w-1')).toEqual([]);
      const appended = await knex.transaction((trx) =>
        decideWithin(es, counter, trx, 'w-1', (sum) => counter.decide({ add: 4 }, sum), systemMetadata()),
      );
      expect(appended.map((e) => e.streamVersion)).toEqual([1]);
      expect(await sumOf('w-1')).toBe(4);
    });

    it('retries only the one decision on a stale version from a fresh read, keeping the rest of the batch', async () => {
      await otherWriter('w-2', 1);
      await otherWriter('w-2', 10);
      const seen: number[] = [];
      await knex.transaction(async (trx) => {
        // Earlier work of the batch, which the retry must not undo.
        await trx('demo.sums').insert({ id: 'batch-marker', sum: 1 });
        await decideWithin(
          overtaken(1),
          counter,
          trx,
          'w-2',
          (sum) => {
            seen.push(sum);
            return counter.decide({ add: 100 }, sum);
          },
          systemMetadata(),
        );
      });
      expect(seen).toEqual([1, 11]);
      expect((await es.store.readStream('w-2')).map((e) => (e.payload as { by: number }).by)).toEqual([
        1, 10, 100,
      ]);
      expect(await sumOf('w-2')).toBe(111);
      expect(await sumOf('batch-marker')).toBe(1);
    });

    it('undoes a stale try’s own writes with its savepoint', async () => {
      const seen: number[] = [];
      await knex.transaction((trx) =>
        decideWithin(
          es,
          counter,
          trx,
          'w-4',
          async (sum, uow) => {
            seen.push(sum);
            // The first try writes the stream itself after its read: its append is stale.
            if (seen.length === 1)
              await es.appendWithin(uow.trx, 'w-4', 'no-stream', [added(10)], systemMetadata());
            return counter.decide({ add: 100 }, sum);
          },
          systemMetadata(),
        ),
      );
      expect(seen).toEqual([0, 0]);
      expect((await es.store.readStream('w-4')).map((e) => (e.payload as { by: number }).by)).toEqual([100]);
      expect(await sumOf('w-4')).toBe(100);
    });

    it('fails the batch after three stale tries', async () => {
      let tries = 0;
      await expect(
        knex.transaction((trx) =>
          decideWithin(
            es,
            counter,
            trx,
            'w-3',
            async (sum, uow) => {
              tries += 1;
              await es.appendWithin(uow.trx, 'w-3', 'no-stream', [added(1)], systemMetadata());
              return counter.decide({ add: 100 }, sum);
            },
            systemMetadata(),
          ),
        ),
      ).rejects.toBeInstanceOf(StaleVersionError);
      expect(tries).toBe(3);
      expect(await es.store.readStream('w-3')).toEqual([]);
    });
  });
});
