import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { subscribeConsumerGroup } from '@tapinti/eventstore/idempotent-consumer';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { onPrepared } from '@tapinti/eventstore/subscriptions';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createLogger } from '@tapinti/platform/logger';
import { createMemoryEventBus } from '@tapinti/ports/memory-event-bus';
import { eventually } from '../../../../test/support/eventually';

const SCHEMA = 'prepared';
const GROUP = 'prepared.totals';

const numbered = (n: number): EventEnvelope => ({
  eventId: randomUUID(),
  type: 'prepared.number.noted',
  schemaVersion: 1,
  source: SCHEMA,
  streamId: `number-${n}`,
  streamVersion: 1,
  position: n,
  payload: { n },
  metadata: systemMetadata(),
});

describe('a handler that prepares before the batch’s transaction (PGlite)', () => {
  let knex: Knex;
  let dir: string;
  const bus = createMemoryEventBus(createLogger('test', 'silent'), { maxBackoffMs: 20 });
  /** For each prepare: whether it ran inside a transaction. */
  const preparedIn: boolean[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-prepared-'));
    knex = await createKnex({ driver: 'pglite', dataDir: dir });
    await migrateSchema(knex, SCHEMA, eventStoreMigrations(SCHEMA));
    await knex.raw(`create table ${SCHEMA}.squares (n int primary key, square int not null)`);
    await subscribeConsumerGroup({ knex, bus, logger: createLogger('test', 'silent') }, SCHEMA, {
      groupId: GROUP,
      handlers: {
        'prepared.number.noted': {
          1: onPrepared(
            z.object({ n: z.number().int() }),
            async (db, p) => {
              preparedIn.push(db.isTransaction === true);
              const { rows } = await db.raw('select ?::int * ?::int as square', [p.n, p.n]);
              return Number(rows[0].square);
            },
            async (trx, p, _event, square) => {
              await trx(`${SCHEMA}.squares`).insert({ n: p.n, square });
            },
          ),
        },
      },
    });
  });
  afterAll(async () => {
    await bus.close();
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads outside the transaction and hands what it found to the effect, once per event', async () => {
    const events = [numbered(3), numbered(4)];
    await bus.publish(`${SCHEMA}.events`, events);
    await bus.publish(`${SCHEMA}.events`, [events[0]!]); // redelivered: no second effect
    await eventually(async () =>
      expect(await knex(`${SCHEMA}.squares`).orderBy('n')).toEqual([
        { n: 3, square: 9 },
        { n: 4, square: 16 },
      ]),
    );
    expect(preparedIn.length).toBeGreaterThanOrEqual(2);
    expect(preparedIn.every((inTransaction) => !inTransaction)).toBe(true);
  });
});
