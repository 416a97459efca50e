import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../src/db';

/**
 * An embedded database (issue 23): a new data directory starts from the machine's copy of a fresh
 * cluster, unpacked owner-only before PGlite opens it; Postgres's shared buffers are kept small.
 */
describe('openPglite', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-open-'));
  const cache = process.env.TAPINTI_CACHE;
  beforeAll(() => {
    process.env.TAPINTI_CACHE = path.join(root, 'cache');
  });
  afterAll(() => {
    if (cache === undefined) delete process.env.TAPINTI_CACHE;
    else process.env.TAPINTI_CACHE = cache;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('makes the fresh-cluster copy once, then starts each new directory from it, owner-only', async () => {
    const first = await openPglite(path.join(root, 'first'));
    await first.exec('create table kept (id int)');
    await first.close();
    const copies = fs.readdirSync(path.join(root, 'cache'));
    expect(copies).toEqual([expect.stringMatching(/^pglite-fresh-cluster-.+\.tar$/)]);

    const second = path.join(root, 'second');
    const db = await openPglite(second);
    // Nothing of the first directory's own writes: a fresh cluster.
    expect((await db.query(`select to_regclass('kept') as kept`)).rows).toEqual([{ kept: null }]);
    expect((await db.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    await db.close();
    expect(fs.statSync(second).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(second, 'PG_VERSION')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(root).filter((name) => name.includes('unpacking'))).toEqual([]);
  }, 180_000);
});
