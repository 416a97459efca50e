import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventSourcing } from '@tapinti/eventstore/event-sourcing';
import { StaleVersionError } from '@tapinti/eventstore/event-store';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';

describe('event store on PGlite', () => {
  let knex: Knex;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-'));
    knex = await createKnex({ driver: 'pglite', dataDir: dir });
    await migrateSchema(knex, 'demo', [
      ...eventStoreMigrations('demo'),
      {
        name: '001',
        up: async (k) => {
          await k.schema.withSchema('demo').createTable('counters', (t) => {
            t.text('id').primary();
            t.integer('value').notNullable();
          });
        },
      },
    ]);
  });
  afterAll(() => knex.destroy());

  const es = () =>
    createEventSourcing(knex, {
      schema: 'demo',
      source: 'demo',
      readModelTables: ['counters'],
      project: async (trx, e) => {
        const p = e.payload as { by: number };
        await trx('demo.counters')
          .insert({ id: e.streamId, value: p.by })
          .onConflict('id')
          .merge({ value: trx.raw('demo.counters.value + ?', [p.by]) });
      },
    });

  it('appends with expected version, refuses a stale one, and rebuilds read models equal to the live ones', async () => {
    const sourcing = es();
    const add = (stream: string, expected: number | 'no-stream', by: number) =>
      sourcing.commit((u) =>
        u.append(
          stream,
          expected,
          [{ type: 'demo.counter.added', schemaVersion: 1, payload: { by } }],
          systemMetadata(),
        ),
      );
    await add('a', 'no-stream', 2);
    await add('a', 1, 3);
    await add('b', 'no-stream', 5);
    await expect(add('a', 1, 100)).rejects.toBeInstanceOf(StaleVersionError);
    await expect(add('b', 'no-stream', 1)).rejects.toBeInstanceOf(StaleVersionError);
    const live = await knex('demo.counters').orderBy('id');
    expect(live).toEqual([
      { id: 'a', value: 5 },
      { id: 'b', value: 5 },
    ]);
    await knex('demo.counters').update({ value: 0 });
    expect(await sourcing.rebuildReadModels()).toBe(3);
    expect(await knex('demo.counters').orderBy('id')).toEqual(live);
    const stream = await sourcing.store.readStream('a');
    expect(stream.map((e) => e.streamVersion)).toEqual([1, 2]);
  });
});
