import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { AUTH_EVENTS } from '@tapinti/contracts/auth-events';
import { PASSWORD_MESSAGES } from '@tapinti/contracts/password-policy';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createEventSourcing } from '@tapinti/eventstore/event-sourcing';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createMemoryKeyValueStore } from '@tapinti/ports/memory-key-value-store';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { usersAndCredentials } from '../../migrations/001-users-and-credentials';
import { usernameSkeletons } from '../../migrations/003-username-skeletons';
import { accountTrust } from '../../migrations/004-account-trust';
import { createAccounts } from '../../src/application/accounts';
import { registrationOf } from '../../src/domain/user';
import { projectAuthEvent } from '../../src/store/projection';
import { TEST_CONFIG } from './support';

const meta = () => ({ ...systemMetadata('req-1'), addressKey: 'address-1', userAgent: 'jest' });

describe('accounts on PGlite', () => {
  // Starting PGlite and hashing with argon2 take a few seconds on a busy machine.
  let knex: Knex;
  let context: EventSourcedContext;
  const es = () =>
    createEventSourcing(knex, {
      schema: 'auth',
      source: 'auth',
      project: projectAuthEvent,
      readModelTables: ['users', 'account_links'],
    });

  beforeAll(async () => {
    knex = await createKnex({ driver: 'pglite', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'auth-')) });
    await migrateSchema(knex, 'auth', [
      ...eventStoreMigrations('auth'),
      usersAndCredentials,
      usernameSkeletons,
      accountTrust,
    ]);
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
    // What was typed is kept only when it names an account; otherwise a keyed digest.
    const unknown = events.find((e) => e.type === AUTH_EVENTS.loginFailed && e.streamId.startsWith('login-'));
    expect(unknown).toMatchObject({
      schemaVersion: 2,
      payload: { userId: null, identifier: null, method: 'username', reason: 'unknown-identifier' },
    });
    expect((unknown?.payload as { identifierDigest: string }).identifierDigest).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(unknown)).not.toContain('nobody');
    const known = events.find(
      (e) => e.type === AUTH_EVENTS.loginFailed && e.streamId.startsWith(`logins-${user.id}.`),
    );
    expect(known?.payload).toMatchObject({ userId: user.id, identifier: 'leyla', reason: 'wrong-password' });
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

  it('refuses look-alikes of a taken username: Azerbaijani folding and the UTS #39 skeleton', async () => {
    const accounts = createAccounts(context);
    await accounts.register(
      { username: 'kamran', email: 'kamran@example.az', password: 'Parol-12345' },
      meta(),
    );
    // Capitals, dotless ı, Cyrillic а, 'rn' for 'm', 'O' for 'o': all the same name.
    for (const [i, username] of ['KAMRAN', 'kamrаn', 'karnran', 'kаmrаn'].entries())
      await expect(
        accounts.register({ username, email: `look${i}@example.az`, password: 'Parol-12345' }, meta()),
      ).rejects.toMatchObject({ status: 409, message: AUTH_MESSAGES.usernameTaken, field: 'username' });
    await accounts.register(
      { username: 'ilqar', email: 'ilqar@example.az', password: 'Parol-12345' },
      meta(),
    );
    await expect(
      accounts.register({ username: 'ILQAR', email: 'ilqar2@example.az', password: 'Parol-12345' }, meta()),
    ).rejects.toMatchObject({ status: 409 });
    const other = await accounts.register(
      { username: 'kamala', email: 'kamala@example.az', password: 'Parol-12345' },
      meta(),
    );
    await expect(
      accounts.updateProfile(other.id, { username: 'Kаmran', email: 'kamala@example.az' }, meta()),
    ).rejects.toMatchObject({ status: 409, message: AUTH_MESSAGES.usernameTaken });
  });

  it('keeps a look-alike accepted before the rule under its name, without the key (also on a rebuild)', async () => {
    // As if registered before look-alikes were refused: the event appended without the clash check.
    const userId = randomUUID();
    await context.es.commit(({ append }) =>
      append(
        `user-${userId}`,
        'no-stream',
        [
          {
            type: AUTH_EVENTS.registered,
            schemaVersion: 1,
            payload: registrationOf(userId, { username: 'KAMRАN', email: 'old-kamran@example.az' }),
          },
        ],
        meta(),
      ),
    );
    const row = await knex('auth.users').where({ id: userId }).first();
    expect(row).toMatchObject({ username: 'KAMRАN', username_skeleton: null });
    const holder = await knex('auth.users').where({ username: 'kamran' }).first();
    expect(holder.username_skeleton).toBe('karnran');
  });

  it('reserves names that imitate staff, except the seeded super admin and a name kept as it is', async () => {
    const accounts = createAccounts(context);
    for (const [i, username] of [
      'Admin',
      'tapıntı_az',
      'Support-Team',
      'mоderator',
      'ad.min',
      'TAPINTI',
    ].entries())
      await expect(
        accounts.register({ username, email: `staff${i}@example.az`, password: 'Parol-12345' }, meta()),
      ).rejects.toMatchObject({ status: 400, message: AUTH_MESSAGES.usernameReserved, field: 'username' });
    const user = await accounts.register(
      { username: 'rena', email: 'rena@example.az', password: 'Parol-12345' },
      meta(),
    );
    await expect(
      accounts.updateProfile(user.id, { username: 'rena_admin', email: 'rena@example.az' }, meta()),
    ).rejects.toMatchObject({ status: 400, message: AUTH_MESSAGES.usernameReserved });
    // The seeded super admin ('rootadmin', earlier in this file) keeps its name through a profile change.
    const root = (await knex('auth.users').where({ username: 'rootadmin' }).first()) as { id: string };
    expect(
      await accounts.updateProfile(root.id, { username: 'rootadmin', email: 'root2@example.az' }, meta()),
    ).toMatchObject({ username: 'rootadmin', email: 'root2@example.az' });
  });

  it('refuses weak passwords, each with its own message', async () => {
    const accounts = createAccounts(context);
    const cases: Array<[{ username: string; email: string; password: string }, string]> = [
      [{ username: 'weak1', email: 'weak1@example.az', password: 'password' }, PASSWORD_MESSAGES.common],
      [{ username: 'weak2', email: 'weak2@example.az', password: '12345678' }, PASSWORD_MESSAGES.common],
      [{ username: 'weak3', email: 'weak3@example.az', password: 'baku1234' }, PASSWORD_MESSAGES.common],
      [{ username: 'weak4', email: 'weak4@example.az', password: 'ILOVEYOU' }, PASSWORD_MESSAGES.common],
      [
        { username: 'Nurlan', email: 'n@example.az', password: 'my-nurlan-2024' },
        PASSWORD_MESSAGES.containsUsername,
      ],
      [
        { username: 'weak6', email: 'sevda.q@example.az', password: 'xSEVDA.Q-77' },
        PASSWORD_MESSAGES.containsEmail,
      ],
    ];
    for (const [input, message] of cases)
      await expect(accounts.register(input, meta())).rejects.toMatchObject({
        status: 400,
        message,
        field: 'password',
      });
    expect(
      await knex('auth.users').whereIn(
        'email',
        cases.map(([input]) => input.email),
      ),
    ).toHaveLength(0);
  });

  it('rebuilds auth.users equal to the live table and keeps the credentials', async () => {
    const live = await knex('auth.users').orderBy('id');
    const credentials = await knex('auth.credentials').orderBy('user_id');
    await context.es.rebuildReadModels();
    expect(await knex('auth.users').orderBy('id')).toEqual(live);
    expect(await knex('auth.credentials').orderBy('user_id')).toEqual(credentials);
  });
});
