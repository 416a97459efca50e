import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { PASSWORD_MESSAGES } from '@tapinti/contracts/password-policy';
import { AUTH_EVENTS } from '@tapinti/contracts/auth-events';
import { ORGANIZATION_EVENTS } from '@tapinti/contracts/organizations-events';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import type { Knex } from '@tapinti/platform/db';
import { signInvitationToken } from '@tapinti/platform/invitation-token';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { userAccessRegistry } from '@tapinti/runtime/sessions';
import { createAccounts } from '../../src/application/accounts';
import { createInvitations } from '../../src/application/invitations';
import { authContextOnPglite, deliver, TEST_CONFIG } from './support';

const meta = () => ({ ...systemMetadata('req-1'), addressKey: 'address-1', userAgent: 'jest' });
const PASSWORD = 'Parol-12345';
const DAY = 24 * 3600 * 1000;

describe('invitations on PGlite (auth side)', () => {
  let context: EventSourcedContext & { knex: Knex };
  let now = new Date('2025-08-25T10:00:00.000Z');

  beforeAll(async () => {
    context = await authContextOnPglite(() => now);
  });
  afterAll(() => context.knex.destroy());

  const invitations = () => createInvitations(context);
  const allEvents = () => context.es.store.readAfter(0, 10_000);

  /** An invitation as the organizations service issues it, and the link its e-mail carries. */
  async function issue(
    email: string,
    {
      expiresAt = new Date(now.getTime() + 7 * DAY),
      organizationName = 'Park Bulvar' as string | undefined,
      role = undefined as 'org_admin' | 'org_staff' | undefined,
    } = {},
  ) {
    const invitationId = randomUUID();
    const organizationId = randomUUID();
    await deliver(context, {
      type: ORGANIZATION_EVENTS.invitationIssued,
      // v1 as published before staff existed; v2 says the role.
      schemaVersion: role ? 2 : 1,
      payload: {
        invitationId,
        organizationId,
        ...(organizationName === undefined ? {} : { organizationName }),
        email,
        expiresAt: expiresAt.toISOString(),
        issuedBy: randomUUID(),
        ...(role ? { role } : {}),
      },
    });
    return {
      invitationId,
      organizationId,
      token: signInvitationToken(TEST_CONFIG.JWT_SECRET, { invitationId, expiresAt }),
    };
  }

  const account = (username: string) => ({ username, password: PASSWORD, confirmPassword: PASSWORD });

  it('learns issued invitations from the event, shows them, and stores no token', async () => {
    const { token, invitationId } = await issue('Admin@ParkBulvar.az');
    expect(await invitations().describe(token)).toEqual({
      organizationName: 'Park Bulvar',
      email: 'admin@parkbulvar.az',
      expiresAt: new Date(now.getTime() + 7 * DAY).toISOString(),
    });
    const row = await context.knex('auth.invitations').where({ id: invitationId }).first();
    expect(JSON.stringify(row)).not.toContain(token.split('.')[2]);
    expect(Object.keys(row).sort()).toEqual([
      'accepted_at',
      'accepted_by',
      'email',
      'expires_at',
      'id',
      'issued_at',
      'issued_by',
      'organization_id',
      'organization_name',
      'role',
    ]);
  });

  it("shows the organisation's current name from organisation events", async () => {
    const { token, organizationId } = await issue('names@example.az', { organizationName: undefined });
    await deliver(context, {
      type: ORGANIZATION_EVENTS.created,
      payload: {
        organizationId,
        applicationId: null,
        name: 'Hilton Baku',
        type: 'hotel',
        address: 'Azadlıq prospekti 1, Bakı',
        contactEmail: 'info@hilton.az',
        contactPhone: null,
        isActive: true,
        settings: {},
        createdAt: now.toISOString(),
      },
    });
    expect((await invitations().describe(token)).organizationName).toBe('Hilton Baku');
    await deliver(context, {
      type: ORGANIZATION_EVENTS.updated,
      payload: { organizationId, before: { name: 'Hilton Baku' }, after: { name: 'Hilton Bakı' } },
    });
    expect((await invitations().describe(token)).organizationName).toBe('Hilton Bakı');
  });

  it('accepts with a new org_admin account once; the second time is 410; nothing secret in events', async () => {
    const { token, invitationId, organizationId } = await issue('nigar@parkbulvar.az');
    const before = (await allEvents()).length;
    const user = await invitations().acceptWithNewAccount({ token, ...account('nigar_org') }, meta());
    expect(user).toMatchObject({
      username: 'nigar_org',
      email: 'nigar@parkbulvar.az',
      role: 'org_admin',
      organizationId,
      isActive: true,
    });

    const events = (await allEvents()).slice(before);
    expect(events.map((e) => [e.type, e.streamId])).toEqual([
      [AUTH_EVENTS.registered, `user-${user.id}`],
      [AUTH_EVENTS.roleChanged, `user-${user.id}`],
      // The e-mailed link proved the address.
      [AUTH_EVENTS.emailVerified, `user-${user.id}`],
      [AUTH_EVENTS.invitationAccepted, `invitation-${invitationId}`],
    ]);
    expect(events[0]!.payload).toMatchObject({ role: 'user', via: 'registration', organizationId: null });
    expect(events[1]!.payload).toEqual({
      userId: user.id,
      before: { role: 'user', organizationId: null },
      after: { role: 'org_admin', organizationId },
    });
    expect(events[2]!.payload).toEqual({ userId: user.id, verificationId: invitationId });
    expect(events[3]!.payload).toEqual({
      invitationId,
      userId: user.id,
      organizationId,
      username: user.username,
    });
    // One transaction: one commit of consecutive positions.
    expect(events[3]!.position - events[0]!.position).toBe(3);
    const serialized = JSON.stringify(events);
    expect(serialized).not.toContain(token.split('.')[2]);
    expect(serialized).not.toContain(PASSWORD);
    expect(serialized).not.toMatch(/argon2|"password(Hash)?"|"token"/i);

    const login = await createAccounts(context).login({ username: 'nigar_org', password: PASSWORD }, meta());
    expect(login.user).toMatchObject({ role: 'org_admin', organizationId });

    await expect(
      invitations().acceptWithNewAccount({ token, ...account('nigar_again') }, meta()),
    ).rejects.toMatchObject({ status: 410, message: AUTH_MESSAGES.invitationUsed });
    await expect(invitations().describe(token)).rejects.toMatchObject({
      status: 410,
      message: AUTH_MESSAGES.invitationUsed,
    });
  });

  it('makes one account out of concurrent acceptances of one invitation', async () => {
    const { token } = await issue('race@parkbulvar.az');
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((i) =>
        invitations().acceptWithNewAccount({ token, ...account(`racer_${i}`) }, meta()),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 410 });
    expect(await context.knex('auth.users').where({ email: 'race@parkbulvar.az' })).toHaveLength(1);
  });

  it('is 404 for a forged, malformed or unknown link and 410 for an expired one', async () => {
    const { token, invitationId } = await issue('late@parkbulvar.az', {
      expiresAt: new Date(now.getTime() + DAY),
    });
    const forged = signInvitationToken('another-secret-another-secret-another', {
      invitationId,
      expiresAt: new Date(now.getTime() + DAY),
    });
    const unknown = signInvitationToken(TEST_CONFIG.JWT_SECRET, {
      invitationId: randomUUID(),
      expiresAt: new Date(now.getTime() + DAY),
    });
    for (const bad of [forged, 'not-a-token', unknown, `${token}x`]) {
      await expect(invitations().describe(bad)).rejects.toMatchObject({
        status: 404,
        message: AUTH_MESSAGES.invitationNotFound,
      });
      await expect(
        invitations().acceptWithNewAccount({ token: bad, ...account('forger') }, meta()),
      ).rejects.toMatchObject({ status: 404 });
    }
    // A link whose expiry was changed does not verify.
    const [id, , mac] = token.split('.');
    await expect(invitations().describe(`${id}.${now.getTime() + 30 * DAY}.${mac}`)).rejects.toMatchObject({
      status: 404,
    });

    const saved = now;
    now = new Date(now.getTime() + DAY);
    try {
      await expect(invitations().describe(token)).rejects.toMatchObject({
        status: 410,
        message: AUTH_MESSAGES.invitationExpired,
      });
      await expect(
        invitations().acceptWithNewAccount({ token, ...account('too_late') }, meta()),
      ).rejects.toMatchObject({ status: 410, message: AUTH_MESSAGES.invitationExpired });
    } finally {
      now = saved;
    }
  });

  it('checks the new account with the registration messages (spec §5) once the link is good', async () => {
    const { token } = await issue('form@parkbulvar.az');
    const refusal = (body: Record<string, unknown>) =>
      invitations()
        .acceptWithNewAccount({ token, ...body }, meta())
        .then(
          () => null,
          (err: { status: number; message: string }) => ({ status: err.status, message: err.message }),
        );
    expect(await refusal({ username: 'form_user', password: PASSWORD })).toEqual({
      status: 400,
      message: 'Şifrə təsdiqləməsi tələb olunur',
    });
    expect(
      await refusal({ username: 'form_user', password: PASSWORD, confirmPassword: 'Başqa-12345' }),
    ).toEqual({
      status: 400,
      message: 'Şifrələr uyğun gəlmir',
    });
    expect(await refusal({ username: 'ab', password: PASSWORD, confirmPassword: PASSWORD })).toEqual({
      status: 400,
      message: 'İstifadəçi adı ən azı 3 simvol olmalıdır',
    });
    expect(await refusal({ password: PASSWORD, confirmPassword: PASSWORD })).toEqual({
      status: 400,
      message: 'İstifadəçi adı tələb olunur',
    });
    expect(await refusal({ username: 'form_user', password: 'short', confirmPassword: 'short' })).toEqual({
      status: 400,
      message: 'Şifrə ən azı 8 simvol olmalıdır',
    });
    expect(await refusal(account('nigar_org'))).toEqual({
      status: 409,
      message: AUTH_MESSAGES.usernameTaken,
    });
    expect(await refusal(account('NİGAR_ORG'))).toEqual({
      status: 409,
      message: AUTH_MESSAGES.usernameTaken,
    });
    expect(await refusal(account('otel_admin'))).toEqual({
      status: 400,
      message: AUTH_MESSAGES.usernameReserved,
    });
    const withPassword = (password: string) => ({
      username: 'aysel_form',
      password,
      confirmPassword: password,
    });
    expect(await refusal(withPassword('iloveyou'))).toEqual({
      status: 400,
      message: PASSWORD_MESSAGES.common,
    });
    expect(await refusal(withPassword('Aysel_Form-1'))).toEqual({
      status: 400,
      message: PASSWORD_MESSAGES.containsUsername,
    });
    // The invited e-mail is form@parkbulvar.az.
    expect(await refusal(withPassword('xx-FORM-2025'))).toEqual({
      status: 400,
      message: PASSWORD_MESSAGES.containsEmail,
    });
    // Nothing was used up by the refusals.
    expect((await invitations().describe(token)).email).toBe('form@parkbulvar.az');
  });

  it('sends someone whose e-mail already has an account to sign in (409)', async () => {
    await createAccounts(context).register(
      { username: 'has_account', email: 'has@parkbulvar.az', password: PASSWORD },
      meta(),
    );
    const { token } = await issue('has@parkbulvar.az');
    await expect(
      invitations().acceptWithNewAccount({ token, ...account('second_account') }, meta()),
    ).rejects.toMatchObject({ status: 409, message: AUTH_MESSAGES.invitationEmailHasAccount });
  });

  describe('a signed-in account', () => {
    const callerOf = (user: {
      id: string;
      username: string;
      role: Caller['role'];
      organizationId: string | null;
    }): Caller => ({
      userId: user.id,
      sessionId: randomUUID(),
      username: user.username,
      role: user.role,
      organizationId: user.organizationId,
    });

    it('with the invited e-mail becomes org_admin, and its access record says so at once', async () => {
      const user = await createAccounts(context).register(
        { username: 'existing_one', email: 'existing@parkbulvar.az', password: PASSWORD },
        meta(),
      );
      const { token, invitationId, organizationId } = await issue('EXISTING@parkbulvar.az');
      const before = (await allEvents()).length;
      const updated = await invitations().acceptAsCaller(token, callerOf(user), meta());
      expect(updated).toMatchObject({ id: user.id, role: 'org_admin', organizationId });
      expect(await userAccessRegistry(context.kv).read(user.id)).toEqual({
        role: 'org_admin',
        organizationId,
        isActive: true,
      });
      expect((await allEvents()).slice(before).map((e) => e.type)).toEqual([
        AUTH_EVENTS.roleChanged,
        AUTH_EVENTS.emailVerified,
        AUTH_EVENTS.invitationAccepted,
      ]);
      const row = await context.knex('auth.invitations').where({ id: invitationId }).first();
      expect(row.accepted_by).toBe(user.id);
      await expect(invitations().acceptAsCaller(token, callerOf(updated), meta())).rejects.toMatchObject({
        status: 410,
      });
    });

    it('becomes staff as invited, and a user again once removed (issue 25)', async () => {
      const user = await createAccounts(context).register(
        { username: 'desk_one', email: 'desk@parkbulvar.az', password: PASSWORD },
        meta(),
      );
      const { token, organizationId } = await issue('desk@parkbulvar.az', { role: 'org_staff' });
      const staff = await invitations().acceptAsCaller(token, callerOf(user), meta());
      expect(staff).toMatchObject({ role: 'org_staff', organizationId });
      const removal = {
        type: ORGANIZATION_EVENTS.memberRemoved,
        payload: {
          organizationId,
          userId: user.id,
          role: 'org_staff',
          removedBy: randomUUID(),
          removedAt: now.toISOString(),
        },
      };
      await deliver(context, removal);
      // Written once the consumer's transaction committed.
      const registry = userAccessRegistry(context.kv);
      for (let i = 0; i < 50 && (await registry.read(user.id))?.role !== 'user'; i++)
        await new Promise((resolve) => setImmediate(resolve));
      expect(await registry.read(user.id)).toEqual({ role: 'user', organizationId: null, isActive: true });
      const changes = (await allEvents()).filter(
        (e) => e.type === AUTH_EVENTS.roleChanged && e.streamId === `user-${user.id}`,
      );
      expect(changes.map((e) => [e.schemaVersion, e.payload])).toEqual([
        [
          2,
          {
            userId: user.id,
            before: { role: 'user', organizationId: null },
            after: { role: 'org_staff', organizationId },
          },
        ],
        [
          2,
          {
            userId: user.id,
            before: { role: 'org_staff', organizationId },
            after: { role: 'user', organizationId: null },
          },
        ],
      ]);
      // Delivered again: nothing more.
      await deliver(context, removal);
      expect(
        (await allEvents()).filter(
          (e) => e.type === AUTH_EVENTS.roleChanged && e.streamId === `user-${user.id}`,
        ),
      ).toHaveLength(2);
    });

    it('with another e-mail is refused (403) and the invitation stays usable', async () => {
      const user = await createAccounts(context).register(
        { username: 'other_mail', email: 'other@example.az', password: PASSWORD },
        meta(),
      );
      const { token } = await issue('boss@parkbulvar.az');
      await expect(invitations().acceptAsCaller(token, callerOf(user), meta())).rejects.toMatchObject({
        status: 403,
        message: AUTH_MESSAGES.invitationOtherEmail,
      });
      expect((await invitations().describe(token)).email).toBe('boss@parkbulvar.az');
    });

    it('of a super admin is not demoted (409)', async () => {
      await createAccounts(context).seedSuperAdmin({
        username: 'root_admin',
        email: 'root@parkbulvar.az',
        password: 'Root-Pass-2025',
      });
      const root = (
        await createAccounts(context).login({ username: 'root_admin', password: 'Root-Pass-2025' }, meta())
      ).user;
      const { token } = await issue('root@parkbulvar.az');
      await expect(invitations().acceptAsCaller(token, callerOf(root), meta())).rejects.toMatchObject({
        status: 409,
        message: AUTH_MESSAGES.invitationSuperAdmin,
      });
    });
  });

  it('rebuilds auth.users equal to the live table and keeps the invitations', async () => {
    const users = await context.knex('auth.users').orderBy('id');
    const invited = await context.knex('auth.invitations').orderBy('id');
    await context.es.rebuildReadModels();
    expect(await context.knex('auth.users').orderBy('id')).toEqual(users);
    expect(await context.knex('auth.invitations').orderBy('id')).toEqual(invited);
  });
});
