import type { ClientUser, ProfileRequest, RegisterRequest } from '@tapinti/contracts/auth-api';
import type {
  LoginFailureReason,
  ProfileFields,
  UserProfileUpdatedV1,
  UserRegisteredV1,
  UserRoleChangedV1,
} from '@tapinti/contracts/auth-events';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';

/** An account as the service reads it (never with its password hash). */
export interface User extends ClientUser {
  isActive: boolean;
  isVerified: boolean;
  /** Version of the user's stream this row reflects. */
  version: number;
}

/** The user as the browser sees it: exactly spec §3's client-side fields. */
export function toClientUser(user: User): ClientUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    role: user.role,
    organizationId: user.organizationId,
  };
}

/**
 * Public registration always makes an active, unverified `user` without an organisation:
 * `role` and `organizationId` in the request body are never read.
 */
export function registrationOf(userId: string, input: RegisterRequest): UserRegisteredV1 {
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
