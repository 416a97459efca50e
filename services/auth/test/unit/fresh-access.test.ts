import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import type { Knex } from '@tapinti/platform/db';
import { signInvitationToken } from '@tapinti/platform/invitation-token';
import { authenticate, parseUserAccess, SESSION_COOKIE, type Caller } from '@tapinti/platform/session';
import { createMemoryKeyValueStore } from '@tapinti/ports/memory-key-value-store';
import type { KeyValueStore } from '@tapinti/ports/key-value-store';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { sessionRegistry, userAccessRegistry } from '@tapinti/runtime/sessions';
import { createAccounts } from '../../src/application/accounts';
import { createInvitations } from '../../src/application/invitations';
import { createSessions } from '../../src/application/sessions';
import { ORGANIZATION_EVENTS } from '@tapinti/contracts/organizations-events';
import { eventually } from '../../../../test/support/eventually';
import { authContextOnPglite, deliver, TEST_CONFIG } from './support';

/** What every service's `authenticate` (as start-module wires it) makes of a session cookie. */
function callerFrom(kv: KeyValueStore) {
  let reads = 0;
  const counting: KeyValueStore = { ...kv, get: (key) => (reads++, kv.get(key)) };
  const countingAccess = userAccessRegistry(counting);
  const countingSessions = sessionRegistry(counting);
  const middleware = authenticate({
    secret: TEST_CONFIG.JWT_SECRET,
    isSessionActive: (id) => countingSessions.isActive(id),
    currentAccess: (userId) => countingAccess.read(userId),
  });
  return {
    async request(token: string | undefined): Promise<{ caller: Caller | undefined; reads: number }> {
      reads = 0;
      const req = { headers: token ? { cookie: `${SESSION_COOKIE}=${token}` } : {} } as Request;
      await new Promise<void>((resolve, reject) =>
        middleware(req, {} as Response, (err?: unknown) => (err ? reject(err) : resolve())),
      );
      return { caller: req.caller, reads };
    },
  };
}

describe('authenticate reads the current role per request (key-value records only)', () => {
  // Records are written for accounts the users table does not hold here: each write reads it once.
  let knex: Knex;
  beforeAll(async () => {
    knex = (await authContextOnPglite()).knex;
  });
  afterAll(() => knex.destroy());
  const userId = randomUUID();
  const orgId = randomUUID();
  const config = TEST_CONFIG;
  const user = {
    id: userId,
    username: 'aysel',
    email: 'aysel@example.az',
    phone: null,
    role: 'user' as const,
    organizationId: null,
    isActive: true,
    isVerified: false,
  };

  it('takes role and organisation from the access record, changed or not, with one get each', async () => {
    const kv = createMemoryKeyValueStore();
    const sessions = createSessions({ kv, config, knex } as never);
    const { token, sessionId } = await sessions.start(user);
    const auth = callerFrom(kv);
    expect(await auth.request(token)).toEqual({
      caller: {
        userId,
        sessionId,
        username: 'aysel',
        role: 'user',
        organizationId: null,
        organizationActive: true,
      },
      reads: 2,
    });
    await userAccessRegistry(kv).write(
      userId,
      { role: 'org_admin', organizationId: orgId, isActive: true },
      60,
    );
    expect((await auth.request(token)).caller).toMatchObject({ role: 'org_admin', organizationId: orgId });
    await userAccessRegistry(kv).write(
      userId,
      { role: 'org_admin', organizationId: orgId, isActive: false },
      60,
    );
    expect((await auth.request(token)).caller).toBeUndefined();
  });

  it('is signed out without a record, after logout, without a cookie or with a bad token', async () => {
    const kv = createMemoryKeyValueStore();
    const sessions = createSessions({ kv, config, knex } as never);
    const { token, sessionId } = await sessions.start(user);
    const auth = callerFrom(kv);
    await kv.delete(`user-access:${userId}`);
    expect((await auth.request(token)).caller).toBeUndefined();
    await sessions.start(user);
    expect((await auth.request(token)).caller).toBeDefined();
    await sessions.end(sessionId);
    expect((await auth.request(token)).caller).toBeUndefined();
    expect(await auth.request(undefined)).toEqual({ caller: undefined, reads: 0 });
    expect(await auth.request('garbage')).toEqual({ caller: undefined, reads: 0 });
  });

  it("never takes a role from the token: an old token's role claims are ignored", async () => {
    const kv = createMemoryKeyValueStore();
    const sessionId = randomUUID();
    await sessionRegistry(kv).open(sessionId, userId, 60);
    await userAccessRegistry(kv).write(userId, { role: 'user', organizationId: null, isActive: true }, 60);
    const old = jwt.sign(
      { sub: userId, sid: sessionId, usr: 'aysel', role: 'super_admin', org: orgId },
      config.JWT_SECRET,
      { algorithm: 'HS256', expiresIn: 60 },
    );
    expect((await callerFrom(kv).request(old)).caller).toMatchObject({ role: 'user', organizationId: null });
    // The token itself carries no role.
    const { token } = await createSessions({ kv, config, knex } as never).start(user);
    expect(Object.keys(jwt.decode(token) as object).sort()).toEqual(['exp', 'iat', 'sid', 'sub', 'usr']);
  });

  it('treats a malformed record as missing', () => {
    expect(parseUserAccess(null)).toBeNull();
    expect(parseUserAccess('{')).toBeNull();
    expect(parseUserAccess('{"role":"root","organizationId":null,"isActive":true}')).toBeNull();
    expect(parseUserAccess('{"role":"user","organizationId":5,"isActive":true}')).toBeNull();
    expect(parseUserAccess('{"role":"user","organizationId":null}')).toBeNull();
    expect(parseUserAccess('{"role":"org_admin","organizationId":"o-1","isActive":true}')).toEqual({
      role: 'org_admin',
      organizationId: 'o-1',
      isActive: true,
    });
  });
});

describe('auth writes the access record whenever role, organisation or active state change', () => {
  let context: EventSourcedContext & { knex: Knex };
  const meta = () => ({ ...systemMetadata(), addressKey: 'address-9', userAgent: 'jest' });
  beforeAll(async () => {
    context = await authContextOnPglite();
  });
  afterAll(() => context.knex.destroy());

  /** An organisation invites the caller's e-mail (its event delivered to auth) and the caller accepts. */
  async function joinOnInvitation(caller: Caller, email: string) {
    const invitationId = randomUUID();
    const organizationId = randomUUID();
    const expiresAt = new Date(Date.now() + 86_400_000);
    await deliver(context, {
      type: ORGANIZATION_EVENTS.invitationIssued,
      payload: {
        invitationId,
        organizationId,
        organizationName: 'Gənclik Mall',
        email,
        expiresAt: expiresAt.toISOString(),
        issuedBy: null,
      },
    });
    const member = await createInvitations(context).acceptAsCaller(
      signInvitationToken(TEST_CONFIG.JWT_SECRET, { invitationId, expiresAt }),
      caller,
      meta(),
    );
    return { organizationId, member };
  }

  it('a signed-in user who accepts an invitation is org_admin on the same session’s next request', async () => {
    const accounts = createAccounts(context);
    const sessions = createSessions(context);
    const user = await accounts.register(
      { username: 'fresh_user', email: 'fresh@parkbulvar.az', password: 'Parol-12345' },
      meta(),
    );
    const { token } = await sessions.start(user);
    const auth = callerFrom(context.kv);
    const first = (await auth.request(token)).caller!;
    expect(first).toMatchObject({ role: 'user', organizationId: null });

    const { organizationId } = await joinOnInvitation(first, 'fresh@parkbulvar.az');
    expect((await auth.request(token)).caller).toEqual({ ...first, role: 'org_admin', organizationId });
  });

  it('a promotion to super admin at start-up applies to live sessions; a refused inactive login ends them', async () => {
    const accounts = createAccounts(context);
    const user = await accounts.register(
      { username: 'to_promote', email: 'promote@example.az', password: 'Parol-12345' },
      meta(),
    );
    const { token } = await createSessions(context).start(user);
    const auth = callerFrom(context.kv);
    await accounts.seedSuperAdmin({
      username: 'to_promote',
      email: 'promote@example.az',
      password: 'Whatever-123',
    });
    expect((await auth.request(token)).caller).toMatchObject({ role: 'super_admin' });

    await context.knex('auth.users').where({ id: user.id }).update({ is_active: false });
    await expect(
      accounts.login({ username: 'to_promote', password: 'Parol-12345' }, meta()),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect((await auth.request(token)).caller).toBeUndefined();
  });

  it('a sign-in that read the account just before a removal committed still leaves the record as the account is', async () => {
    const accounts = createAccounts(context);
    const sessions = createSessions(context);
    const user = await accounts.register(
      { username: 'removed_staff', email: 'removed@parkbulvar.az', password: 'Parol-12345' },
      meta(),
    );
    const { token: first } = await sessions.start(user);
    const { organizationId, member } = await joinOnInvitation(
      (await callerFrom(context.kv).request(first)).caller!,
      'removed@parkbulvar.az',
    );
    // The sign-in read the account here (still a member) …
    expect(member).toMatchObject({ role: 'org_admin', organizationId });
    // … the removal commits and its consumer writes the record …
    await deliver(context, {
      type: ORGANIZATION_EVENTS.memberRemoved,
      payload: {
        organizationId,
        userId: user.id,
        role: 'org_admin',
        removedBy: randomUUID(),
        removedAt: new Date().toISOString(),
      },
    });
    await eventually(async () =>
      expect(await userAccessRegistry(context.kv).read(user.id)).toMatchObject({ role: 'user' }),
    );
    // … and only then does the sign-in write what it read.
    const { token } = await sessions.start(member);
    expect((await callerFrom(context.kv).request(token)).caller).toMatchObject({
      role: 'user',
      organizationId: null,
    });
    expect(await userAccessRegistry(context.kv).read(user.id)).toEqual({
      role: 'user',
      organizationId: null,
      isActive: true,
    });
  });
});
