import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { pruneInbox } from '@tapinti/eventstore/idempotent-consumer';

const SCHEMA = 'inbox';

describe('pruneInbox (PGlite)', () => {
  let knex: Knex;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-inbox-'));
    knex = await createKnex({ driver: 'pglite', dataDir: dir });
    await migrateSchema(knex, SCHEMA, eventStoreMigrations(SCHEMA));
  });
  afterAll(async () => {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** `count` events a consumer applied `hoursAgo` hours ago. */
  async function processed(consumer: string, count: number, hoursAgo: number): Promise<string[]> {
    const rows = Array.from({ length: count }, () => ({
      consumer,
      event_id: randomUUID(),
      processed_at: knex.raw(`now() - ? * interval '1 hour'`, [hoursAgo]),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await knex(`${SCHEMA}.processed_events`).insert(rows.slice(i, i + 1000));
    return rows.map((r) => r.event_id);
  }

  it('forgets every event applied longer ago than the retention, in chunks, and keeps the younger ones', async () => {
    // More old rows than one delete takes, over two consumer groups.
    await processed('svc.one', 4000, 200);
    await processed('svc.two', 2000, 170);
    const kept = [...(await processed('svc.one', 3, 160)), ...(await processed('svc.two', 2, 1))];

    expect(await pruneInbox(knex, SCHEMA, 168)).toBe(6000);
    const left = await knex(`${SCHEMA}.processed_events`).pluck('event_id');
    expect(left.sort()).toEqual(kept.sort());
    expect(await pruneInbox(knex, SCHEMA, 168)).toBe(0);
  });
});
