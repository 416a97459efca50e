import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { SERVICE_MODULES } from '../../gateway/src/service-modules';
import { registerUser } from '../support/accounts';
import { ROOT, sharedPlatforms } from '../support/platform';

const distributed = sharedPlatforms().filter((p) => p.mode === 'distributed');

describe.each(distributed)('rebuilding read models from the event stores ($mode)', ({ url, env }) => {
  it('gives tables equal to the live ones', async () => {
    await registerUser(url, 'rebuild');
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    const snapshot = async () => {
      const tables: Record<string, unknown[]> = {};
      for (const module of Object.values(SERVICE_MODULES))
        for (const table of module.eventSourcing?.readModelTables ?? []) {
          const { rows } = await db.query(`select * from "${module.schema}"."${table}"`);
          tables[`${module.schema}.${table}`] = rows.map((r) => JSON.stringify(r)).sort();
        }
      return tables;
    };
    try {
      const live = await snapshot();
      expect(Object.keys(live).length).toBeGreaterThan(0);
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/rebuild-read-models.ts'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, DB_DRIVER: 'postgres', DATABASE_URL: env.DATABASE_URL },
        encoding: 'utf8',
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(await snapshot()).toEqual(live);
    } finally {
      await db.end();
    }
  });
});
