import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  clientUserSchema,
  registerRequestSchema,
  type ProfileRequest,
} from '@tapinti/contracts/auth-api';
import { AUTH_EVENTS } from '@tapinti/contracts/auth-events';
import { foldEvents } from '@tapinti/eventstore/command-handler';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { ConflictError, UnauthorizedError } from '@tapinti/platform/errors';
import {
  clashMessage,
  decideLogin,
  emailVerificationRequest,
  profileChanges,
  promotionToSuperAdmin,
  registrationOf,
  userDecider,
  type User,
} from '../../src/domain/user';

const user: User = {
  id: '6f1c1a51-8a8a-4f59-9d8e-2f0d3f3f7c11',
  username: 'Əli',
  email: 'ali@example.az',
  phone: '+994501234567',
  role: 'user',
  organizationId: null,
  isActive: true,
  isVerified: false,
};

describe('registration', () => {
  it('always makes an active user without an organisation, whatever the body says', () => {
    const input = registerRequestSchema.parse({
      username: 'mallory',
      email: 'M@Example.az',
      password: 'Parol-12345',
      role: 'super_admin',
      organizationId: '6f1c1a51-8a8a-4f59-9d8e-2f0d3f3f7c11',
    });
    const payload = registrationOf('11111111-1111-4111-8111-111111111111', input);
    expect(payload).toEqual({
      userId: '11111111-1111-4111-8111-111111111111',
      username: 'mallory',
      email: 'm@example.az',
      phone: null,
      role: 'user',
      organizationId: null,
      isActive: true,
      isVerified: false,
      via: 'registration',
    });
    expect(JSON.stringify(payload)).not.toContain('Parol');
  });
});

describe('login decision', () => {
  it('fails for an unknown account, a wrong password, an inactive account, in that order', () => {
    expect(decideLogin(null, false)).toEqual({ outcome: 'failure', reason: 'unknown-identifier' });
    expect(decideLogin({ isActive: true }, false)).toEqual({ outcome: 'failure', reason: 'wrong-password' });
    expect(decideLogin({ isActive: false }, false)).toEqual({ outcome: 'failure', reason: 'wrong-password' });
    expect(decideLogin({ isActive: false }, true)).toEqual({ outcome: 'failure', reason: 'inactive' });
    expect(decideLogin({ isActive: true }, true)).toEqual({ outcome: 'success' });
  });
});

describe('profile changes', () => {
  it('carries before and after of the changed fields only', () => {
    expect(profileChanges(user, { username: 'Əli', email: 'new@example.az', phone: undefined })).toEqual({
      userId: user.id,
      before: { email: 'ali@example.az', phone: '+994501234567' },
      after: { email: 'new@example.az', phone: null },
    });
  });

  it('is null when nothing changes', () => {
    expect(
      profileChanges(user, { username: 'Əli', email: 'ali@example.az', phone: '+994501234567' }),
    ).toBeNull();
  });
});

describe('clashes', () => {
  it('names the username first, then the e-mail, then the phone', () => {
    expect(clashMessage({ username: true, email: true, phone: true })).toEqual({
      message: AUTH_MESSAGES.usernameTaken,
      field: 'username',
    });
    expect(clashMessage({ username: false, email: true, phone: true })?.message).toBe(
      AUTH_MESSAGES.emailTaken,
    );
    expect(clashMessage({ username: false, email: false, phone: true })?.message).toBe(
      AUTH_MESSAGES.phoneTaken,
    );
    expect(clashMessage({ username: false, email: false, phone: false })).toBeNull();
  });
});

describe('super admin promotion', () => {
  it('promotes another role and leaves a super admin alone', () => {
    expect(promotionToSuperAdmin(user)).toEqual({
      userId: user.id,
      before: { role: 'user', organizationId: null },
      after: { role: 'super_admin', organizationId: null },
    });
    expect(promotionToSuperAdmin({ ...user, role: 'super_admin' })).toBeNull();
  });
});

describe('client user', () => {
  it('has exactly the client-side fields (the response contract drops the rest)', () => {
    expect(Object.keys(clientUserSchema.parse(user)).sort()).toEqual([
      'email',
      'id',
      'organizationId',
      'phone',
      'role',
      'username',
    ]);
  });
});

describe('the user decider (given events, when command, then events)', () => {
  const spec = deciderSpecification(userDecider);
  const userId = randomUUID();
  const registered = {
    type: AUTH_EVENTS.registered,
    schemaVersion: 1,
    payload: registrationOf(userId, { username: 'nigar', email: 'nigar@example.az' }),
  };
  const noClash = { username: false, email: false, phone: false };
  const update = (input: Partial<ProfileRequest>, clashes = noClash) => ({
    type: 'update-profile' as const,
    input: { username: 'nigar', email: 'nigar@example.az', ...input },
    clashes,
  });

  it('updates only what changed, and nothing when nothing did', () => {
    spec
      .given([registered])
      .when(update({ email: 'new@example.az' }))
      .then([
        {
          type: AUTH_EVENTS.profileUpdated,
          schemaVersion: 1,
          payload: { userId, before: { email: 'nigar@example.az' }, after: { email: 'new@example.az' } },
        },
      ]);
    spec.given([registered]).when(update({})).then([]);
  });

  it('refuses a value another account holds, and an unknown account', () => {
    spec
      .given([registered])
      .when(update({ username: 'aysel' }, { ...noClash, username: true }))
      .thenThrows(AUTH_MESSAGES.usernameTaken);
    spec.given([]).when(update({})).thenThrows(UnauthorizedError);
  });

  it('folds later profile events, so a second change starts from the first', () => {
    const first = userDecider.decide(update({ username: 'nigar2' }), foldEvents(userDecider, [registered]));
    spec
      .given([registered, ...first])
      .when(update({ username: 'nigar2' }))
      .then([]);
  });

  it('registers a new account with its e-mail verification, and refuses a value another account holds', () => {
    const pending = { id: randomUUID(), expiresAt: '2026-12-01T00:00:00.000Z' };
    const register = (clashes = noClash) => ({
      type: 'register' as const,
      registration: registered.payload,
      clashes,
      emailVerification: pending,
    });
    spec
      .given([])
      .when(register())
      .then([registered, emailVerificationRequest(userId, pending)]);
    spec
      .given([])
      .when({ ...register(), emailVerification: undefined })
      .then([registered]);
    spec
      .given([])
      .when(register({ ...noClash, email: true }))
      .thenThrows(new ConflictError(AUTH_MESSAGES.emailTaken, 'email'));
  });

  it('promotes to super admin once', () => {
    const [promotion] = userDecider.decide(
      { type: 'promote-to-super-admin' },
      foldEvents(userDecider, [registered]),
    );
    expect(promotion!.type).toBe(AUTH_EVENTS.roleChanged);
    spec.given([registered, promotion!]).when({ type: 'promote-to-super-admin' }).then([]);
  });
});
