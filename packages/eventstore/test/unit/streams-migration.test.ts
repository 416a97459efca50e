import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createLogger } from '@tapinti/platform/logger';
import { eventStoreMigration, eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventStore, StaleVersionError } from '@tapinti/eventstore/event-store';
import { createRelay } from '@tapinti/eventstore/relay';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { eventually } from '../../../../test/support/eventually';
import { createRecordingBus } from '../support/recording-bus';

describe('000b-streams-and-transaction-ids on a store that ran 000-event-store', () => {
  let knex: Knex;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-migrate-'));
    knex = await createKnex({ driver: 'pglite', dataDir: dir });
    await migrateSchema(knex, 'legacy', [eventStoreMigration('legacy')]);
    // What the old append wrote: three events, the relay past the first two.
    await knex('legacy.events').insert(
      [
        ['a', 1],
        ['a', 2],
        ['b', 1],
      ].map(([stream, version], i) => ({
        event_id: `00000000-0000-4000-8000-00000000000${i}`,
        stream_id: stream,
        stream_version: version,
        event_type: 'legacy.thing.happened',
        schema_version: 1,
        payload: JSON.stringify({ i }),
        metadata: JSON.stringify(systemMetadata()),
      })),
    );
    await knex('legacy.relay_checkpoints').insert({ name: 'bus', position: 2 });
    await migrateSchema(knex, 'legacy', eventStoreMigrations('legacy'));
  });
  afterAll(async () => {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backfills streams, keeps versions going and relays the unpublished old events before the new ones', async () => {
    expect(await knex('legacy.streams').orderBy('stream_id')).toEqual([
      { stream_id: 'a', version: 2, transaction_id: '0' },
      { stream_id: 'b', version: 1, transaction_id: '0' },
    ]);
    const store = createEventStore(knex, { schema: 'legacy', source: 'legacy' });
    const event = { type: 'legacy.thing.happened', schemaVersion: 1, payload: {} };
    await knex.transaction((trx) => store.append(trx, 'a', 2, [event], systemMetadata()));
    const refused = knex.transaction((trx) => store.append(trx, 'b', 'no-stream', [event], systemMetadata()));
    await expect(refused).rejects.toThrow(StaleVersionError);
    await expect(refused).rejects.toMatchObject({ streamId: 'b', expected: 'no-stream', actual: 1 });
    await expect(
      knex.transaction((trx) => store.append(trx, 'a', 2, [event], systemMetadata())),
    ).rejects.toThrow(StaleVersionError);
    await knex.transaction((trx) => store.append(trx, 'b', 1, [event, event], systemMetadata()));

    const bus = createRecordingBus();
    const relay = createRelay(knex, store, {
      bus,
      topic: 'legacy.events',
      logger: createLogger('test', 'silent'),
      pollMs: 20,
    });
    relay.start();
    try {
      await eventually(() => expect(bus.published).toHaveLength(4), { timeoutMs: 10_000 });
    } finally {
      await relay.stop();
    }
    expect(bus.published.map((e) => [e.streamId, e.streamVersion])).toEqual([
      ['b', 1],
      ['a', 3],
      ['b', 2],
      ['b', 3],
    ]);
    const checkpoint = await knex('legacy.relay_checkpoints').where({ name: 'bus' }).first();
    expect(checkpoint.position).toBe(bus.published[3]!.position);
    expect(BigInt(checkpoint.transaction_id)).toBeGreaterThan(0n);
  });
});
