import type { ClientUser, ProfileRequest, RegisterRequest } from '@tapinti/contracts/auth-api';
import type {
  EmailVerificationRequestedV1,
  EmailVerifiedV1,
  PasswordResetRequestedV1,
  PhoneVerificationRequestedV1,
  UserDeletedV1,
  LoginFailureReason,
  ProfileFields,
  UserProfileUpdatedV1,
  UserRegisteredV1,
  UserRoleChangedV1,
  UserRoleChangedV2,
} from '@tapinti/contracts/auth-events';
import { isOrganizationMember, type OrganizationRole } from '@tapinti/contracts/roles';
import { AUTH_EVENTS } from '@tapinti/contracts/auth-events';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import type { Decider, Evolver } from '@tapinti/eventstore/command-handler';
import { ConflictError, UnauthorizedError } from '@tapinti/platform/errors';

/** An account as the service reads it (never with its password hash). */
export interface User extends ClientUser {
  isActive: boolean;
  isVerified: boolean;
}

/** A pending link or code: its id (the token or code is derived from it) and its expiry. */
export interface Pending {
  id: string;
  expiresAt: string;
}

/**
 * What the user's stream knows besides the account (issue 15): the pending e-mail verification,
 * phone verification and password reset (each replaced by a newer one, consumed once), the
 * phone's state, and deletion.
 */
export interface UserAggregate extends User {
  phoneVerified: boolean;
  emailVerification: Pending | null;
  phoneVerification: Pending | null;
  passwordReset: Pending | null;
  deletedAt: string | null;
  purged: boolean;
}

/** The user aggregate: folded from its own stream, `null` before registration. */
export type UserState = UserAggregate | null;

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
          phoneVerified: false,
          emailVerification: null,
          phoneVerification: null,
          passwordReset: null,
          deletedAt: null,
          purged: false,
        };
      }
      case AUTH_EVENTS.profileUpdated: {
        const p = event.payload as UserProfileUpdatedV1;
        if (!state) return state;
        // A new address or number is not verified, and the links and codes of the old one die.
        const emailChanged = p.after.email !== undefined;
        const phoneChanged = p.after.phone !== undefined;
        return {
          ...state,
          ...p.after,
          ...(emailChanged && { isVerified: false, emailVerification: null }),
          ...(phoneChanged && { phoneVerified: false, phoneVerification: null }),
        };
      }
      case AUTH_EVENTS.emailVerificationRequested: {
        const p = event.payload as EmailVerificationRequestedV1;
        return state && { ...state, emailVerification: { id: p.verificationId, expiresAt: p.expiresAt } };
      }
      case AUTH_EVENTS.emailVerified:
        return state && { ...state, isVerified: true, emailVerification: null };
      case AUTH_EVENTS.phoneVerificationRequested: {
        const p = event.payload as PhoneVerificationRequestedV1;
        return state && { ...state, phoneVerification: { id: p.verificationId, expiresAt: p.expiresAt } };
      }
      case AUTH_EVENTS.phoneVerified:
        return state && { ...state, phoneVerified: true, phoneVerification: null };
      case AUTH_EVENTS.passwordResetRequested: {
        const p = event.payload as PasswordResetRequestedV1;
        return state && { ...state, passwordReset: { id: p.resetId, expiresAt: p.expiresAt } };
      }
      case AUTH_EVENTS.passwordChanged:
        // Any new password ends every reset link sent before it.
        return state && { ...state, passwordReset: null };
      case AUTH_EVENTS.deleted: {
        const p = event.payload as UserDeletedV1;
        return (
          state && {
            ...state,
            isActive: false,
            deletedAt: p.purgeAfter,
            emailVerification: null,
            phoneVerification: null,
            passwordReset: null,
          }
        );
      }
      case AUTH_EVENTS.purged:
        return state && { ...state, purged: true };
      case AUTH_EVENTS.roleChanged: {
        const p = event.payload as UserRoleChangedV1 | UserRoleChangedV2;
        return state && { ...state, role: p.after.role, organizationId: p.after.organizationId };
      }
      default:
        // Logins written on user streams before they had their own stream change nothing here.
        return state;
    }
  },
};

export type UserCommand =
  /** `clashes`: which of its username, e-mail and phone other accounts hold, read in the same transaction. */
  | { type: 'register'; registration: UserRegisteredV1; clashes: Clashes; emailVerification?: Pending }
  /** `clashes`: which of the requested values other accounts hold, read in the same transaction. */
  /** `emailVerification`: the link a changed e-mail gets (issue 15). */
  | { type: 'update-profile'; input: ProfileRequest; clashes: Clashes; emailVerification?: Pending }
  | { type: 'promote-to-super-admin' }
  /**
   * Through an accepted invitation (`invitationId`): the organisation's admin or staff, as invited
   * (`role`). The link was mailed to the account's address, so following it proves the address:
   * it is verified too.
   */
  | { type: 'join-organization'; organizationId: string; role: OrganizationRole; invitationId: string }
  /**
   * Removed from the organisation by its admin (`organizations.organization.member-removed`): a
   * `user` again. Nothing when the account is no longer that organisation's member.
   */
  | { type: 'leave-organization'; organizationId: string };

export const userDecider: Decider<UserState, UserCommand> = {
  ...userEvolver,
  decide(command, state) {
    switch (command.type) {
      case 'register': {
        const clash = clashMessage(command.clashes);
        if (clash) throw new ConflictError(clash.message, clash.field);
        const { registration, emailVerification } = command;
        // A new id names a new stream; an existing one is the same 409 as a taken username would be.
        if (state) throw new ConflictError(AUTH_MESSAGES.usernameTaken, 'username');
        return [
          { type: AUTH_EVENTS.registered, schemaVersion: 1, payload: registration },
          ...(emailVerification ? [emailVerificationRequest(registration.userId, emailVerification)] : []),
        ];
      }
      case 'update-profile': {
        if (!state || !state.isActive) throw new UnauthorizedError();
        const change = profileChanges(state, command.input);
        if (!change) return [];
        const clash = clashMessage(command.clashes);
        if (clash) throw new ConflictError(clash.message, clash.field);
        const verification = change.after.email !== undefined && command.emailVerification;
        return [
          { type: AUTH_EVENTS.profileUpdated, schemaVersion: 1, payload: change },
          ...(verification ? [emailVerificationRequest(state.id, verification)] : []),
        ];
      }
      case 'promote-to-super-admin': {
        const promotion = state && promotionToSuperAdmin(state);
        return promotion ? [{ type: AUTH_EVENTS.roleChanged, schemaVersion: 2, payload: promotion }] : [];
      }
      case 'join-organization': {
        if (!state || !state.isActive) throw new UnauthorizedError();
        const change = membershipChange(state, command.organizationId, command.role);
        const verified: EmailVerifiedV1 = { userId: state.id, verificationId: command.invitationId };
        return [
          ...(change ? [{ type: AUTH_EVENTS.roleChanged, schemaVersion: 2, payload: change }] : []),
          ...(state.isVerified
            ? []
            : [{ type: AUTH_EVENTS.emailVerified, schemaVersion: 1, payload: verified }]),
        ];
      }
      case 'leave-organization': {
        if (!state || !isOrganizationMember(state.role) || state.organizationId !== command.organizationId)
          return [];
        const payload: UserRoleChangedV2 = {
          userId: state.id,
          before: { role: state.role, organizationId: state.organizationId },
          after: { role: 'user', organizationId: null },
        };
        return [{ type: AUTH_EVENTS.roleChanged, schemaVersion: 2, payload }];
      }
    }
  },
};

/** auth.user.email-verification-requested for `pending` (after registration or an e-mail change). */
export function emailVerificationRequest(userId: string, pending: Pending) {
  const payload: EmailVerificationRequestedV1 = {
    userId,
    verificationId: pending.id,
    expiresAt: pending.expiresAt,
  };
  return { type: AUTH_EVENTS.emailVerificationRequested, schemaVersion: 1, payload };
}

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
export function promotionToSuperAdmin(user: User): UserRoleChangedV2 | null {
  if (user.role === 'super_admin' && user.organizationId === null) return null;
  return {
    userId: user.id,
    before: { role: user.role, organizationId: user.organizationId },
    after: { role: 'super_admin', organizationId: null },
  };
}

/**
 * An account becoming an organisation's admin or staff (`role`) through an invitation, or null
 * when it already is exactly that; a member of the same organisation takes the invited role (an
 * admin makes staff an admin by inviting them again, and the other way round). A super admin is
 * not demoted, and a member of another organisation is not moved (one organisation per account):
 * both 409.
 */
export function membershipChange(
  user: User,
  organizationId: string,
  role: OrganizationRole,
): UserRoleChangedV2 | null {
  if (user.role === 'super_admin') throw new ConflictError(AUTH_MESSAGES.invitationSuperAdmin);
  if (
    isOrganizationMember(user.role) &&
    user.organizationId !== null &&
    user.organizationId !== organizationId
  )
    throw new ConflictError(AUTH_MESSAGES.invitationOtherOrganization);
  if (user.role === role && user.organizationId === organizationId) return null;
  return {
    userId: user.id,
    before: { role: user.role, organizationId: user.organizationId },
    after: { role, organizationId },
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
