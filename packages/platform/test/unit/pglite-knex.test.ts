import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createKnex } from '../../src/db';

/**
 * The embedded database's knex (issue 23, a day in Baku): PGlite answers a query synchronously, so a
 * chain of queries (a consumer's batch) must still leave the event loop turns in between, or a
 * request arriving meanwhile waits unread until the chain ends.
 */
describe('createKnex on PGlite', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-knex-'));
  let knex: Knex;
  beforeAll(async () => {
    knex = await createKnex({ driver: 'pglite', dataDir: path.join(root, 'data') });
  }, 180_000);
  afterAll(async () => {
    await knex?.destroy();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('gives a timer its turn between two queries of a chain, inside a transaction too', async () => {
    await knex.raw('create table chain (n int)');
    let done = 0;
    let timerFiredAfter: number | undefined;
    setTimeout(() => (timerFiredAfter = done), 0);
    await knex.transaction(async (trx) => {
      for (let i = 0; i < 200; i++) {
        await trx('chain').insert({ n: i });
        done += 1;
      }
    });
    // A timer due at once runs within the first few queries, not after all 200 of them.
    expect(timerFiredAfter).toBeDefined();
    expect(timerFiredAfter).toBeLessThan(10);
    expect(Number((await knex('chain').count({ count: '*' }))[0]!.count)).toBe(200);
  }, 180_000);
});
