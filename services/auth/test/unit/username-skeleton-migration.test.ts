import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { usersAndCredentials } from '../../migrations/001-users-and-credentials';
import { invitations } from '../../migrations/002-invitations';
import { usernameSkeletons } from '../../migrations/003-username-skeletons';

describe('migration 003: username look-alike keys for existing accounts', () => {
  let knex: Knex;
  beforeAll(async () => {
    knex = await createKnex({
      driver: 'pglite',
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'auth-m3-')),
    });
    await migrateSchema(knex, 'auth', [usersAndCredentials, invitations]);
  });
  afterAll(() => knex.destroy());

  it('backfills the key oldest first; a look-alike accepted before the rule keeps its name without one', async () => {
    const row = (username: string, createdAt: string) => ({
      id: randomUUID(),
      username,
      username_key: username.toLowerCase(),
      email: `${randomUUID()}@example.az`,
      role: 'user',
      created_at: createdAt,
      updated_at: createdAt,
      version: 1,
    });
    const older = row('rootbilim', '2025-01-01T00:00:00Z');
    const newer = row('rооtbilim', '2025-02-01T00:00:00Z'); // Cyrillic о, registered later
    const other = row('Nigar', '2025-01-15T00:00:00Z');
    await knex('auth.users').insert([newer, other, older]);

    await migrateSchema(knex, 'auth', [usersAndCredentials, invitations, usernameSkeletons]);

    const keys = Object.fromEntries(
      (await knex('auth.users').select('id', 'username_skeleton')).map((r) => [r.id, r.username_skeleton]),
    );
    expect(keys).toEqual({ [older.id]: 'rootbilirn', [newer.id]: null, [other.id]: 'nigar' });
    // The index now refuses a third spelling.
    await expect(
      knex('auth.users').insert({
        ...row('ROOTBİLİM', '2025-03-01T00:00:00Z'),
        username_skeleton: 'rootbilirn',
      }),
    ).rejects.toMatchObject({ code: '23505', constraint: 'auth_users_username_skeleton_unique' });
  });
});
