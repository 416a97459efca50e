import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { AUTH_EVENTS, invitationAcceptedV2, userRoleChangedV2 } from '@tapinti/contracts/auth-events';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { ConflictError, NotFoundError } from '@tapinti/platform/errors';
import {
  checkUsable,
  GoneError,
  invitationDecider,
  summaryOf,
  type Invitation,
} from '../../src/domain/invitation';
import { membershipChange, userDecider, type User, type UserAggregate } from '../../src/domain/user';

const now = new Date('2025-08-25T10:00:00.000Z');
const later = new Date('2025-09-01T10:00:00.000Z');
const invitation: Invitation = {
  id: randomUUID(),
  organizationId: randomUUID(),
  organizationName: 'Park Bulvar',
  email: 'admin@parkbulvar.az',
  role: 'org_admin',
  expiresAt: later,
  acceptedBy: null,
  acceptedAt: null,
  superseded: false,
};
const claims = { invitationId: invitation.id, expiresAt: later };
const userId = randomUUID();
/** An account as the decider sees it, with nothing pending. */
const decidable = (account: User): UserAggregate => ({
  ...account,
  phoneVerified: false,
  emailVerification: null,
  phoneVerification: null,
  passwordReset: null,
  deletedAt: null,
  purged: false,
});

describe('the invitation decider (given events, when accept, then events)', () => {
  const spec = deciderSpecification(invitationDecider);
  const accept = (overrides: Partial<Parameters<typeof invitationDecider.decide>[0]> = {}) => ({
    type: 'accept' as const,
    invitation,
    claims,
    userId,
    username: 'leyla',
    now,
    ...overrides,
  });
  const accepted = {
    type: AUTH_EVENTS.invitationAccepted,
    schemaVersion: 2,
    payload: {
      invitationId: invitation.id,
      userId,
      organizationId: invitation.organizationId,
      username: 'leyla',
    },
  };

  it('accepts an issued, unexpired invitation once, naming the account, its username and the organisation', () => {
    spec.given([]).when(accept()).then([accepted]);
    expect(invitationAcceptedV2.parse(accepted.payload)).toEqual(accepted.payload);
    // No token, hash or e-mail in the event.
    expect(Object.keys(accepted.payload).sort()).toEqual([
      'invitationId',
      'organizationId',
      'userId',
      'username',
    ]);
  });

  it('refuses an invitation a newer one to the same e-mail superseded (410)', () => {
    spec
      .given([])
      .when(accept({ invitation: { ...invitation, superseded: true } }))
      .thenThrows(AUTH_MESSAGES.invitationSuperseded);
  });

  it('refuses a second acceptance (410), by anyone', () => {
    spec.given([accepted]).when(accept()).thenThrows(GoneError);
    spec
      .given([accepted])
      .when(accept({ userId: randomUUID() }))
      .thenThrows(AUTH_MESSAGES.invitationUsed);
  });

  it('refuses an expired invitation (410): the earlier of the link and the issued expiry counts', () => {
    spec
      .given([])
      .when(accept({ now: later }))
      .thenThrows(AUTH_MESSAGES.invitationExpired);
    spec
      .given([])
      .when(accept({ claims: { ...claims, expiresAt: now } }))
      .thenThrows(GoneError);
  });

  it('refuses an invitation auth has not heard of (404)', () => {
    spec
      .given([])
      .when(accept({ invitation: null }))
      .thenThrows(NotFoundError);
    spec
      .given([])
      .when(accept({ claims: { ...claims, invitationId: randomUUID() } }))
      .thenThrows(AUTH_MESSAGES.invitationNotFound);
  });
});

describe('showing an invitation link', () => {
  it('shows the organisation, the e-mail and the expiry of a usable one', () => {
    expect(() => checkUsable(invitation, claims, now)).not.toThrow();
    expect(summaryOf(invitation, claims)).toEqual({
      organizationName: 'Park Bulvar',
      email: 'admin@parkbulvar.az',
      expiresAt: later.toISOString(),
    });
  });

  it('is 404 when unknown, 410 when accepted or expired', () => {
    const status = (run: () => void) => {
      try {
        run();
        return 200;
      } catch (err) {
        return (err as { status: number }).status;
      }
    };
    expect(status(() => checkUsable(null, claims, now))).toBe(404);
    expect(
      status(() => checkUsable({ ...invitation, acceptedAt: now, acceptedBy: userId }, claims, now)),
    ).toBe(410);
    expect(status(() => checkUsable(invitation, claims, later))).toBe(410);
    expect(status(() => checkUsable({ ...invitation, superseded: true }, claims, now))).toBe(410);
  });
});

describe('becoming org_admin through an invitation', () => {
  const user: User = {
    id: userId,
    username: 'leyla',
    email: 'admin@parkbulvar.az',
    phone: null,
    role: 'user',
    organizationId: null,
    isActive: true,
    isVerified: false,
  };
  const orgId = invitation.organizationId;

  it('changes a user to org_admin of the organisation, and an admin of it not at all', () => {
    expect(membershipChange(user, orgId, 'org_admin')).toEqual({
      userId,
      before: { role: 'user', organizationId: null },
      after: { role: 'org_admin', organizationId: orgId },
    });
    expect(
      membershipChange({ ...user, role: 'org_admin', organizationId: orgId }, orgId, 'org_admin'),
    ).toBeNull();
    const state = decidable(user);
    const invitationId = randomUUID();
    const join = {
      type: 'join-organization',
      organizationId: orgId,
      role: 'org_admin',
      invitationId,
    } as const;
    const events = userDecider.decide(join, state);
    expect(userRoleChangedV2.parse(events[0]!.payload)).toEqual(events[0]!.payload);
    // The e-mailed link proved the address: an unverified account is verified by it.
    expect(events.map((e) => e.type)).toEqual([AUTH_EVENTS.roleChanged, AUTH_EVENTS.emailVerified]);
    expect(events[1]!.payload).toEqual({ userId, verificationId: invitationId });
    const verified = userDecider.decide(join, { ...state, isVerified: true });
    expect(verified.map((e) => e.type)).toEqual([AUTH_EVENTS.roleChanged]);
  });

  it('makes staff (issue 25), takes the invited role within the organisation, and leaves it on removal', () => {
    expect(membershipChange(user, orgId, 'org_staff')?.after).toEqual({
      role: 'org_staff',
      organizationId: orgId,
    });
    const staff = { ...user, role: 'org_staff' as const, organizationId: orgId };
    expect(membershipChange(staff, orgId, 'org_admin')?.after).toEqual({
      role: 'org_admin',
      organizationId: orgId,
    });
    const state = decidable(staff);
    const left = userDecider.decide({ type: 'leave-organization', organizationId: orgId }, state);
    expect(left).toEqual([
      {
        type: AUTH_EVENTS.roleChanged,
        schemaVersion: 2,
        payload: {
          userId,
          before: { role: 'org_staff', organizationId: orgId },
          after: { role: 'user', organizationId: null },
        },
      },
    ]);
    // Already gone, or a member of another organisation by now: nothing.
    expect(userDecider.decide({ type: 'leave-organization', organizationId: randomUUID() }, state)).toEqual(
      [],
    );
    expect(
      userDecider.decide({ type: 'leave-organization', organizationId: orgId }, { ...state, role: 'user' }),
    ).toEqual([]);
  });

  it('neither demotes a super admin nor moves the admin of another organisation (409)', () => {
    expect(() => membershipChange({ ...user, role: 'super_admin' }, orgId, 'org_admin')).toThrow(
      new ConflictError(AUTH_MESSAGES.invitationSuperAdmin),
    );
    expect(() =>
      membershipChange({ ...user, role: 'org_staff', organizationId: randomUUID() }, orgId, 'org_admin'),
    ).toThrow(AUTH_MESSAGES.invitationOtherOrganization);
  });
});
