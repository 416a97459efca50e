import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex, type Knex } from '@tapinti/platform/db';
import { DIRECTORY_TABLES } from '../../services/notifications/migrations/001-notifications';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { caughtUp } from '../support/metrics';
import { ROOT, selectedModes, sharedPlatforms, startPlatform } from '../support/platform';

/**
 * The notifications service consumes events rather than appending its own, so its read models
 * (the directory of users, announcements, applications, organisations, subscriptions, requests)
 * are rebuilt from `consumed_events`, the log of what its consumer applied
 * (`npm run rebuild-read-models -- notifications`). A rebuild gives the live tables back, and notifies
 * nobody again.
 */
jest.setTimeout(300_000);

async function snapshot(knex: Knex) {
  const tables: Record<string, string[]> = {};
  for (const table of [...DIRECTORY_TABLES, 'notifications']) {
    const rows = await knex(`notifications.${table}`).select('*');
    tables[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return tables;
}

function rebuild(env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/rebuild-read-models.ts', 'notifications'],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH!, ...env },
      encoding: 'utf8',
    },
  );
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const replayed = Number(/from (\d+) events/.exec(result.stdout)?.[1]);
  expect(replayed).toBeGreaterThan(0);
}

/** Users, an announcement, a claim and its handling, an application: every directory table has rows. */
async function activity(url: string) {
  const author = await registerUser(url, 'rbauthor');
  const claimant = await registerUser(url, 'rbclaim');
  const posted = await author.client.post('/api/announcements', {
    type: 'lost',
    title: 'Mavi açar dəsti',
    description: 'Gənclik metrosunun yaxınlığında itirilmiş mavi açar dəsti',
    category: 'keys',
    location: 'Bakı, Gənclik',
  });
  expect(posted.status).toBe(201);
  const claim = await eventually(
    async () => {
      const res = await claimant.client.post('/api/requests', {
        announcementId: posted.body.id,
        contactMethod: 'phone',
      });
      expect(res.status).toBe(201);
      return res;
    },
    { timeoutMs: 20_000, intervalMs: 250 },
  );
  expect((await author.client.put(`/api/requests/${claim.body.id}`, { status: 'contacted' })).status).toBe(
    200,
  );
  const admin = await signInSuperAdmin(url);
  const applied = await new HttpClient(url).post('/api/applications', {
    organizationName: 'Yenidənqurma Oteli',
    organizationType: 'hotel',
    address: 'Bakı, Nəsimi rayonu 77',
    contactEmail: `rebuild-${Date.now()}@example.az`,
    contactPerson: 'Fərid Məlikov',
  });
  expect(applied.status).toBe(201);
  expect((await admin.post(`/api/applications/${applied.body.id}/approve`, {})).status).toBe(200);
  // The last of it has reached the notifications service: the claimant was told of the change.
  await eventually(
    async () => {
      const inbox = await claimant.client.get('/api/notifications');
      expect(inbox.body.items.map((n: { type: string }) => n.type)).toContain('request-status-changed');
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}

/** The tables once nothing changes them any more (the consumers have caught up). */
async function settled(knex: Knex) {
  let previous = JSON.stringify(await snapshot(knex));
  for (;;) {
    await new Promise((r) => setTimeout(r, 1500));
    const current = JSON.stringify(await snapshot(knex));
    if (current === previous) return JSON.parse(current) as Record<string, string[]>;
    previous = current;
  }
}

const modes = selectedModes();

describe('rebuilding the notifications directory from the consumed events', () => {
  (modes.includes('distributed') ? it : it.skip)(
    'gives the live tables back (distributed, Postgres)',
    async () => {
      const platform = sharedPlatforms().find((p) => p.mode === 'distributed')!;
      await activity(platform.url);
      const knex = await createKnex({ driver: 'postgres', url: platform.env.DATABASE_URL! });
      try {
        const live = await settled(knex);
        expect(live.users!.length).toBeGreaterThan(2);
        expect(live.requests!.length).toBeGreaterThan(0);
        expect(live.organizations!.length).toBeGreaterThan(0);
        rebuild({ DB_DRIVER: 'postgres', DATABASE_URL: platform.env.DATABASE_URL! });
        expect(await snapshot(knex)).toEqual(live);
      } finally {
        await knex.destroy();
      }
    },
  );

  (modes.includes('embedded') ? it : it.skip)('gives the live tables back (embedded, PGlite)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-rebuild-'));
    try {
      const platform = await startPlatform('embedded', { env: { DATA_DIR: dataDir } });
      try {
        await activity(platform.url);
        // The organisation's approval, the last of it, has reached the directory too.
        await caughtUp(platform, 'notifications');
      } finally {
        // PGlite has one process: the platform stops before the tables are read and rebuilt.
        await platform.stop();
      }
      const open = () => createKnex({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      let knex = await open();
      const live = await snapshot(knex);
      await knex.destroy();
      expect(live.users!.length).toBeGreaterThan(2);
      expect(live.requests!.length).toBeGreaterThan(0);
      expect(live.organizations!.length).toBeGreaterThan(0);
      rebuild({ DB_DRIVER: 'pglite', DATA_DIR: dataDir });
      knex = await open();
      try {
        expect(await snapshot(knex)).toEqual(live);
      } finally {
        await knex.destroy();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
