import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { AUTH_EVENTS, invitationAcceptedV1 } from '@tapinti/contracts/auth-events';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { ConflictError, NotFoundError } from '@tapinti/platform/errors';
import {
  checkUsable,
  GoneError,
  invitationDecider,
  summaryOf,
  type Invitation,
} from '../../src/domain/invitation';
import { orgAdminChange, userDecider, type User } from '../../src/domain/user';

const now = new Date('2025-08-25T10:00:00.000Z');
const later = new Date('2025-09-01T10:00:00.000Z');
const invitation: Invitation = {
  id: randomUUID(),
  organizationId: randomUUID(),
  organizationName: 'Park Bulvar',
  email: 'admin@parkbulvar.az',
  expiresAt: later,
  acceptedBy: null,
  acceptedAt: null,
  superseded: false,
};
const claims = { invitationId: invitation.id, expiresAt: later };
const userId = randomUUID();

describe('the invitation decider (given events, when accept, then events)', () => {
  const spec = deciderSpecification(invitationDecider);
  const accept = (overrides: Partial<Parameters<typeof invitationDecider.decide>[0]> = {}) => ({
    type: 'accept' as const,
    invitation,
    claims,
    userId,
    now,
    ...overrides,
  });
  const accepted = {
    type: AUTH_EVENTS.invitationAccepted,
    schemaVersion: 1,
    payload: { invitationId: invitation.id, userId, organizationId: invitation.organizationId },
  };

  it('accepts an issued, unexpired invitation once, naming the account and the organisation', () => {
    spec.given([]).when(accept()).then([accepted]);
    expect(invitationAcceptedV1.parse(accepted.payload)).toEqual(accepted.payload);
    // No token, hash or e-mail in the event.
    expect(Object.keys(accepted.payload).sort()).toEqual(['invitationId', 'organizationId', 'userId']);
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
    expect(orgAdminChange(user, orgId)).toEqual({
      userId,
      before: { role: 'user', organizationId: null },
      after: { role: 'org_admin', organizationId: orgId },
    });
    expect(orgAdminChange({ ...user, role: 'org_admin', organizationId: orgId }, orgId)).toBeNull();
    const state = {
      ...user,
      phoneVerified: false,
      emailVerification: null,
      phoneVerification: null,
      passwordReset: null,
      deletedAt: null,
      purged: false,
    };
    const invitationId = randomUUID();
    const events = userDecider.decide({ type: 'make-org-admin', organizationId: orgId, invitationId }, state);
    // The e-mailed link proved the address: an unverified account is verified by it.
    expect(events.map((e) => e.type)).toEqual([AUTH_EVENTS.roleChanged, AUTH_EVENTS.emailVerified]);
    expect(events[1]!.payload).toEqual({ userId, verificationId: invitationId });
    const verified = userDecider.decide(
      { type: 'make-org-admin', organizationId: orgId, invitationId },
      { ...state, isVerified: true },
    );
    expect(verified.map((e) => e.type)).toEqual([AUTH_EVENTS.roleChanged]);
  });

  it('neither demotes a super admin nor moves the admin of another organisation (409)', () => {
    expect(() => orgAdminChange({ ...user, role: 'super_admin' }, orgId)).toThrow(
      new ConflictError(AUTH_MESSAGES.invitationSuperAdmin),
    );
    expect(() => orgAdminChange({ ...user, role: 'org_admin', organizationId: randomUUID() }, orgId)).toThrow(
      AUTH_MESSAGES.invitationOtherOrganization,
    );
  });
});
