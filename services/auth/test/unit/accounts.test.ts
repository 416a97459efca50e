import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { AUTH_EVENTS } from '@tapinti/contracts/auth-events';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createEventSourcing } from '@tapinti/eventstore/event-sourcing';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createMemoryKeyValueStore } from '@tapinti/ports/memory-key-value-store';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { usersAndCredentials } from '../../migrations/001-users-and-credentials';
import { createAccounts } from '../../src/application/accounts';
import { projectAuthEvent } from '../../src/store/projection';
import { TEST_CONFIG } from './support';

const meta = () => ({ ...systemMetadata('req-1'), ip: '10.0.0.1', userAgent: 'jest' });

describe('accounts on PGlite', () => {
  // Starting PGlite and hashing with argon2 take a few seconds on a busy machine.
  jest.setTimeout(60_000);
  let knex: Knex;
  let context: EventSourcedContext;
  const es = () =>
    createEventSourcing(knex, {
      schema: 'auth',
      source: 'auth',
      project: projectAuthEvent,
      readModelTables: ['users'],
    });

  beforeAll(async () => {
    knex = await createKnex({ driver: 'pglite', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'auth-')) });
    await migrateSchema(knex, 'auth', [...eventStoreMigrations('auth'), usersAndCredentials]);
    context = {
      knex,
      es: es(),
      kv: createMemoryKeyValueStore(),
      clock: () => new Date(),
      logger: pino({ level: 'silent' }),
      config: TEST_CONFIG,
    } as unknown as EventSourcedContext;
  });
  afterAll(() => knex.destroy());

  const allEvents = () => context.es.store.readAfter(0, 10_000);

  it('registers, logs in by each identifier, updates the profile; no password material in any event', async () => {
    const accounts = createAccounts(context);
    const user = await accounts.register(
      { username: 'Leyla', email: 'leyla@example.az', phone: '+994501112233', password: 'Gizli-Parol-1' },
      meta(),
    );
    expect(user.role).toBe('user');
    for (const username of ['LEYLA', 'leyla@EXAMPLE.az', '+994 50 111 22 33'])
      expect((await accounts.login({ username, password: 'Gizli-Parol-1' }, meta())).user.id).toBe(user.id);
    await expect(
      accounts.login({ username: 'leyla', password: 'wrong-password' }, meta()),
    ).rejects.toMatchObject({
      status: 401,
      message: AUTH_MESSAGES.wrongCredentials,
    });
    await expect(
      accounts.login({ username: 'nobody', password: 'wrong-password' }, meta()),
    ).rejects.toMatchObject({
      status: 401,
      message: AUTH_MESSAGES.wrongCredentials,
    });
    const updated = await accounts.updateProfile(
      user.id,
      { username: 'Leyla2', email: 'leyla@example.az', phone: undefined },
      meta(),
    );
    expect(updated).toMatchObject({ username: 'Leyla2', phone: null });

    const events = await allEvents();
    const types = events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        AUTH_EVENTS.registered,
        AUTH_EVENTS.loggedIn,
        AUTH_EVENTS.loginFailed,
        AUTH_EVENTS.profileUpdated,
      ]),
    );
    const hash = (await knex('auth.credentials').where({ user_id: user.id }).first()).password_hash as string;
    const serialized = JSON.stringify(events);
    expect(serialized).not.toContain('Gizli-Parol-1');
    expect(serialized).not.toContain(hash);
    expect(serialized).not.toMatch(/argon2|"password(Hash)?"/i);
    const unknown = events.find((e) => e.type === AUTH_EVENTS.loginFailed && e.streamId.startsWith('login-'));
    expect(unknown?.payload).toMatchObject({
      userId: null,
      identifier: 'nobody',
      reason: 'unknown-identifier',
    });
  });

  it('refuses duplicates case-insensitively, including concurrent registrations', async () => {
    const accounts = createAccounts(context);
    await accounts.register(
      { username: 'İlkin', email: 'ilkin@example.az', password: 'Parol-12345' },
      meta(),
    );
    await expect(
      accounts.register({ username: 'ilkin', email: 'other@example.az', password: 'Parol-12345' }, meta()),
    ).rejects.toMatchObject({ status: 409, message: AUTH_MESSAGES.usernameTaken });
    await expect(
      accounts.register({ username: 'someone', email: 'ilkin@example.az', password: 'Parol-12345' }, meta()),
    ).rejects.toMatchObject({ status: 409, message: AUTH_MESSAGES.emailTaken });

    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        accounts.register(
          { username: 'racer', email: `racer${i}@example.az`, password: 'Parol-12345' },
          meta(),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        status: 409,
        message: AUTH_MESSAGES.usernameTaken,
      });
  });

  it('refuses inactive accounts only when the password is right', async () => {
    const accounts = createAccounts(context);
    const user = await accounts.register(
      { username: 'sleepy', email: 'sleepy@example.az', password: 'Parol-12345' },
      meta(),
    );
    await knex('auth.users').where({ id: user.id }).update({ is_active: false });
    await expect(
      accounts.login({ username: 'sleepy', password: 'Parol-12345' }, meta()),
    ).rejects.toMatchObject({
      status: 403,
      message: AUTH_MESSAGES.inactive,
    });
    await expect(
      accounts.login({ username: 'sleepy', password: 'wrong-pass' }, meta()),
    ).rejects.toMatchObject({
      status: 401,
    });
    await knex('auth.users').where({ id: user.id }).update({ is_active: true });
  });

  it('seeds the super admin idempotently, also when several processes start at once, without resetting the password', async () => {
    const settings = { username: 'rootadmin', email: 'root@example.az', password: 'Root-Pass-2025' };
    await Promise.all([1, 2, 3].map(() => createAccounts({ ...context, es: es() }).seedSuperAdmin(settings)));
    const rows = await knex('auth.users').where({ username_key: 'rootadmin' });
    expect(rows).toHaveLength(1);
    expect(rows[0].role).toBe('super_admin');
    const accounts = createAccounts(context);
    expect(
      (await accounts.login({ username: 'rootadmin', password: 'Root-Pass-2025' }, meta())).user.role,
    ).toBe('super_admin');
    await accounts.seedSuperAdmin({ ...settings, password: 'Another-Pass-2025' });
    await expect(
      accounts.login({ username: 'rootadmin', password: 'Another-Pass-2025' }, meta()),
    ).rejects.toMatchObject({
      status: 401,
    });
    const seeded = (await allEvents()).filter(
      (e) => e.type === AUTH_EVENTS.registered && e.streamId === `user-${rows[0].id}`,
    );
    expect(seeded).toHaveLength(1);
  });

  it('promotes the matching account to super admin, but not an account holding only the username', async () => {
    const accounts = createAccounts(context);
    const owner = await accounts.register(
      { username: 'boss', email: 'boss@example.az', password: 'Parol-12345' },
      meta(),
    );
    await accounts.seedSuperAdmin({ username: 'boss', email: 'boss@example.az', password: 'Whatever-123' });
    expect(await accounts.currentUser(owner.id)).toMatchObject({ role: 'super_admin' });

    const stranger = await accounts.register(
      { username: 'grabber', email: 'grab@example.az', password: 'Parol-12345' },
      meta(),
    );
    await accounts.seedSuperAdmin({
      username: 'grabber',
      email: 'admin@example.az',
      password: 'Whatever-123',
    });
    expect(await accounts.currentUser(stranger.id)).toMatchObject({ role: 'user' });
  });

  it('refuses bad super admin settings at start-up without echoing the password', async () => {
    const accounts = createAccounts(context);
    await expect(
      accounts.seedSuperAdmin({ username: 'root admin', email: 'r@example.az', password: 'Long-Enough-1' }),
    ).rejects.toThrow(/^SUPER_ADMIN_USERNAME: /);
    const err = await accounts
      .seedSuperAdmin({ username: 'rootadmin2', email: 'r2@example.az', password: 'short' })
      .catch((e: Error) => e);
    expect((err as Error).message).toMatch(/^SUPER_ADMIN_PASSWORD: /);
    expect((err as Error).message).not.toContain('short');
  });

  it('rebuilds auth.users equal to the live table and keeps the credentials', async () => {
    const live = await knex('auth.users').orderBy('id');
    const credentials = await knex('auth.credentials').orderBy('user_id');
    await context.es.rebuildReadModels();
    expect(await knex('auth.users').orderBy('id')).toEqual(live);
    expect(await knex('auth.credentials').orderBy('user_id')).toEqual(credentials);
  });
});
