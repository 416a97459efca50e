import type { ClientUser, ProfileRequest, RegisterRequest } from '@tapinti/contracts/auth-api';
import type {
  LoginFailureReason,
  ProfileFields,
  UserProfileUpdatedV1,
  UserRegisteredV1,
  UserRoleChangedV1,
} from '@tapinti/contracts/auth-events';
import { AUTH_EVENTS } from '@tapinti/contracts/auth-events';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import type { Decider, Evolver } from '@tapinti/eventstore/command-handler';
import { ConflictError, UnauthorizedError } from '@tapinti/platform/errors';

/** An account as the service reads it (never with its password hash). */
export interface User extends ClientUser {
  isActive: boolean;
  isVerified: boolean;
}

/** The user aggregate: folded from its own stream, `null` before registration. */
export type UserState = User | null;

export const userEvolver: Evolver<UserState> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case AUTH_EVENTS.registered: {
        const p = event.payload as UserRegisteredV1;
        return {
          id: p.userId,
          username: p.username,
          email: p.email,
          phone: p.phone,
          role: p.role,
          organizationId: p.organizationId,
          isActive: p.isActive,
          isVerified: p.isVerified,
        };
      }
      case AUTH_EVENTS.profileUpdated: {
        const p = event.payload as UserProfileUpdatedV1;
        return state && { ...state, ...p.after };
      }
      case AUTH_EVENTS.roleChanged: {
        const p = event.payload as UserRoleChangedV1;
        return state && { ...state, role: p.after.role, organizationId: p.after.organizationId };
      }
      default:
        // Logins written on user streams before they had their own stream change nothing here.
        return state;
    }
  },
};

export type UserCommand =
  /** `clashes`: which of the requested values other accounts hold, read in the same transaction. */
  | { type: 'update-profile'; input: ProfileRequest; clashes: Clashes }
  | { type: 'promote-to-super-admin' }
  /** Through an accepted invitation: org_admin of that organisation. */
  | { type: 'make-org-admin'; organizationId: string };

export const userDecider: Decider<UserState, UserCommand> = {
  ...userEvolver,
  decide(command, state) {
    switch (command.type) {
      case 'update-profile': {
        if (!state || !state.isActive) throw new UnauthorizedError();
        const change = profileChanges(state, command.input);
        if (!change) return [];
        const clash = clashMessage(command.clashes);
        if (clash) throw new ConflictError(clash.message, clash.field);
        return [{ type: AUTH_EVENTS.profileUpdated, schemaVersion: 1, payload: change }];
      }
      case 'promote-to-super-admin': {
        const promotion = state && promotionToSuperAdmin(state);
        return promotion ? [{ type: AUTH_EVENTS.roleChanged, schemaVersion: 1, payload: promotion }] : [];
      }
      case 'make-org-admin': {
        if (!state || !state.isActive) throw new UnauthorizedError();
        const change = orgAdminChange(state, command.organizationId);
        return change ? [{ type: AUTH_EVENTS.roleChanged, schemaVersion: 1, payload: change }] : [];
      }
    }
  },
};

/**
 * Public registration always makes an active, unverified `user` without an organisation:
 * `role` and `organizationId` in the request body are never read.
 */
export function registrationOf(
  userId: string,
  input: Pick<RegisterRequest, 'username' | 'email' | 'phone'>,
): UserRegisteredV1 {
  return {
    userId,
    username: input.username,
    email: input.email,
    phone: input.phone ?? null,
    role: 'user',
    organizationId: null,
    isActive: true,
    isVerified: false,
    via: 'registration',
  };
}

/** The configured super admin, created at start-up. */
export function seededSuperAdminOf(
  userId: string,
  input: { username: string; email: string },
): UserRegisteredV1 {
  return {
    userId,
    username: input.username,
    email: input.email,
    phone: null,
    role: 'super_admin',
    organizationId: null,
    isActive: true,
    isVerified: true,
    via: 'seed',
  };
}

/** Promotion of an existing account to super admin, or null when it already is one. */
export function promotionToSuperAdmin(user: User): UserRoleChangedV1 | null {
  if (user.role === 'super_admin' && user.organizationId === null) return null;
  return {
    userId: user.id,
    before: { role: user.role, organizationId: user.organizationId },
    after: { role: 'super_admin', organizationId: null },
  };
}

/**
 * An account becoming org_admin of an organisation through an invitation, or null when it already
 * is. A super admin is not demoted, and the admin of another organisation is not moved (one
 * organisation per account): both 409.
 */
export function orgAdminChange(user: User, organizationId: string): UserRoleChangedV1 | null {
  if (user.role === 'super_admin') throw new ConflictError(AUTH_MESSAGES.invitationSuperAdmin);
  if (user.role === 'org_admin' && user.organizationId === organizationId) return null;
  if (user.role === 'org_admin' && user.organizationId !== null)
    throw new ConflictError(AUTH_MESSAGES.invitationOtherOrganization);
  return {
    userId: user.id,
    before: { role: user.role, organizationId: user.organizationId },
    after: { role: 'org_admin', organizationId },
  };
}

export type LoginDecision = { outcome: 'success' } | { outcome: 'failure'; reason: LoginFailureReason };

/**
 * Whether a login succeeds. The password is checked before the account state, so an inactive
 * account is only revealed to someone who knows its password.
 */
export function decideLogin(user: Pick<User, 'isActive'> | null, passwordMatches: boolean): LoginDecision {
  if (!user) return { outcome: 'failure', reason: 'unknown-identifier' };
  if (!passwordMatches) return { outcome: 'failure', reason: 'wrong-password' };
  if (!user.isActive) return { outcome: 'failure', reason: 'inactive' };
  return { outcome: 'success' };
}

/** The before/after of the fields a profile update changes, or null when nothing changes. */
export function profileChanges(user: User, input: ProfileRequest): UserProfileUpdatedV1 | null {
  const requested: Required<ProfileFields> = {
    username: input.username,
    email: input.email,
    phone: input.phone ?? null,
  };
  const before: ProfileFields = {};
  const after: ProfileFields = {};
  for (const field of ['username', 'email', 'phone'] as const) {
    if (user[field] !== requested[field]) {
      (before as Record<string, unknown>)[field] = user[field];
      (after as Record<string, unknown>)[field] = requested[field];
    }
  }
  if (Object.keys(after).length === 0) return null;
  return { userId: user.id, before, after };
}

/** Which unique value another account already holds. */
export interface Clashes {
  username: boolean;
  email: boolean;
  phone: boolean;
}

/** The 409 message for a clash, username first, or null when there is none. */
export function clashMessage(clashes: Clashes): { message: string; field: string } | null {
  if (clashes.username) return { message: AUTH_MESSAGES.usernameTaken, field: 'username' };
  if (clashes.email) return { message: AUTH_MESSAGES.emailTaken, field: 'email' };
  if (clashes.phone) return { message: AUTH_MESSAGES.phoneTaken, field: 'phone' };
  return null;
}
