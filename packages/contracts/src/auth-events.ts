import { z } from 'zod';
import { charCount } from './input-text';
import { ROLES, ROLES_V1 } from './roles';

/**
 * Events of the auth context, published on `auth.events`. Stream `user-<uuid>` for the account
 * itself (registration, profile, role); `logins-<uuid>.<occurrence uuid>` for each of its logins,
 * failed logins and logouts (so logins never contend with each other or make a profile change
 * stale); `login-<keyed digest of the identifier>.<occurrence uuid>` for each failed login with an
 * identifier that matches no account (older events: `logins-<uuid>`, `login-<digest>`, one stream
 * for all; a `.<occurrence>` suffix names one occurrence of the entity before it); `invitation-<uuid>` for the
 * acceptance of an organisation admin invitation (its single use is decided on that stream).
 *
 * No event ever carries password material (no password, no hash): secrets are not events.
 * A published schemaVersion is never edited; a change gets a new version.
 */
export const AUTH_EVENTS = {
  registered: 'auth.user.registered',
  loggedIn: 'auth.user.logged-in',
  loginFailed: 'auth.user.login-failed',
  loggedOut: 'auth.user.logged-out',
  profileUpdated: 'auth.user.profile-updated',
  roleChanged: 'auth.user.role-changed',
  invitationAccepted: 'auth.invitation.accepted',
  emailVerificationRequested: 'auth.user.email-verification-requested',
  emailVerified: 'auth.user.email-verified',
  phoneVerificationRequested: 'auth.user.phone-verification-requested',
  phoneVerified: 'auth.user.phone-verified',
  passwordResetRequested: 'auth.user.password-reset-requested',
  passwordChanged: 'auth.user.password-changed',
  deleted: 'auth.user.deleted',
  purged: 'auth.user.purged',
} as const;
export type AuthEventType = (typeof AUTH_EVENTS)[keyof typeof AUTH_EVENTS];

export const userStreamId = (userId: string) => `user-${userId}`;
/** One login, failed login or logout of the account: a stream of its own. */
export const loginStreamId = (userId: string, occurrenceId: string) => `logins-${userId}.${occurrenceId}`;
/** Auth's record of an invitation the organizations service issued: its acceptance, once. */
export const invitationStreamId = (invitationId: string) => `invitation-${invitationId}`;

/** How the login identifier was interpreted. */
export const LOGIN_METHODS = ['username', 'email', 'phone'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** The roles v1 payloads carry (published before staff existed); v2 payloads carry every role. */
const roleV1 = z.enum(ROLES_V1);
const role = z.enum(ROLES);

/** auth.user.registered v1: a new account (public registration or start-up seeding). */
export const userRegisteredV1 = z.object({
  userId: z.uuid(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleV1,
  organizationId: z.uuid().nullable(),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  /** 'registration' (POST /api/register) or 'seed' (super admin from configuration). */
  via: z.enum(['registration', 'seed']),
});
export type UserRegisteredV1 = z.infer<typeof userRegisteredV1>;

/** auth.user.logged-in v1 */
export const userLoggedInV1 = z.object({
  userId: z.uuid(),
  method: z.enum(LOGIN_METHODS),
});
export type UserLoggedInV1 = z.infer<typeof userLoggedInV1>;

/** The longest device name an event carries ('Chrome, Android'; cut by characters). */
export const MAX_DEVICE_NAME_LENGTH = 100;

/**
 * auth.user.logged-in v2: `newDevice` when the browser had no valid device cookie of this account
 * (issue 22: the owner is told by e-mail); `device` is what a person recognises it by, browser and
 * system ('Chrome, Android'), parsed from its User-Agent, null when unknown. Never an address.
 */
export const userLoggedInV2 = z.object({
  userId: z.uuid(),
  method: z.enum(LOGIN_METHODS),
  newDevice: z.boolean(),
  device: z
    .string()
    .refine((v) => charCount(v) <= MAX_DEVICE_NAME_LENGTH)
    .nullable(),
});
export type UserLoggedInV2 = z.infer<typeof userLoggedInV2>;

export const LOGIN_FAILURE_REASONS = ['unknown-identifier', 'wrong-password', 'inactive'] as const;
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];

/** The identifier as typed is kept only this long in events (it is user input). */
export const MAX_EVENT_IDENTIFIER_LENGTH = 64;

/** auth.user.login-failed v1: userId is null when the identifier matches no account. */
export const userLoginFailedV1 = z.object({
  userId: z.uuid().nullable(),
  identifier: z.string().max(MAX_EVENT_IDENTIFIER_LENGTH),
  method: z.enum(LOGIN_METHODS),
  reason: z.enum(LOGIN_FAILURE_REASONS),
});
export type UserLoginFailedV1 = z.infer<typeof userLoginFailedV1>;

/**
 * auth.user.login-failed v2: what was typed is kept only when it names an account (`userId` set);
 * otherwise (often a password typed in the wrong field) only `identifierDigest`, a keyed digest
 * (HMAC-SHA-256 under a server secret, 32 hex digits) that tells repeated attempts apart. The
 * identifier is cut by characters (code points), at most MAX_EVENT_IDENTIFIER_LENGTH.
 */
export const userLoginFailedV2 = z
  .object({
    userId: z.uuid().nullable(),
    identifier: z
      .string()
      .refine((v) => charCount(v) <= MAX_EVENT_IDENTIFIER_LENGTH)
      .nullable(),
    identifierDigest: z.string().regex(/^[0-9a-f]{32}$/),
    method: z.enum(LOGIN_METHODS),
    reason: z.enum(LOGIN_FAILURE_REASONS),
  })
  .refine((v) => (v.userId === null) === (v.identifier === null), {
    message: 'identifier is kept exactly when userId is set',
  });
export type UserLoginFailedV2 = z.infer<typeof userLoginFailedV2>;

/** auth.user.logged-out v1 */
export const userLoggedOutV1 = z.object({
  userId: z.uuid(),
});
export type UserLoggedOutV1 = z.infer<typeof userLoggedOutV1>;

/** The profile fields; before/after carry only the ones that changed. */
export const profileFieldsSchema = z
  .object({
    username: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  })
  .partial();
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/** auth.user.profile-updated v1 */
export const userProfileUpdatedV1 = z.object({
  userId: z.uuid(),
  before: profileFieldsSchema,
  after: profileFieldsSchema,
});
export type UserProfileUpdatedV1 = z.infer<typeof userProfileUpdatedV1>;

/** auth.user.role-changed v1 (start-up seeding makes sure the configured super admin is one). */
export const userRoleChangedV1 = z.object({
  userId: z.uuid(),
  before: z.object({ role: roleV1, organizationId: z.uuid().nullable() }),
  after: z.object({ role: roleV1, organizationId: z.uuid().nullable() }),
});
export type UserRoleChangedV1 = z.infer<typeof userRoleChangedV1>;

/**
 * auth.user.role-changed v2 (issue 25): as v1, with every role, `org_staff` included: an invitation
 * accepted as staff, or a member removed from the organisation (back to `user`, no organisation).
 * Every role change is written as v2 since; v1 events stay as they were published.
 */
export const userRoleChangedV2 = z.object({
  userId: z.uuid(),
  before: z.object({ role, organizationId: z.uuid().nullable() }),
  after: z.object({ role, organizationId: z.uuid().nullable() }),
});
export type UserRoleChangedV2 = z.infer<typeof userRoleChangedV2>;

/**
 * auth.invitation.accepted v1: an account (created for it, or the signed-in one with the invited
 * e-mail) became the organisation's admin through the invitation. Appended in the transaction
 * that appends the account's `registered` + `role-changed` (or its `role-changed`). Never the token.
 */
export const invitationAcceptedV1 = z.object({
  invitationId: z.uuid(),
  userId: z.uuid(),
  organizationId: z.uuid(),
});
export type InvitationAcceptedV1 = z.infer<typeof invitationAcceptedV1>;

/**
 * auth.invitation.accepted v2 (issue 25): as v1, with the account's username at acceptance, so the
 * organisation's admins see who its members are (the organisation's member list).
 */
export const invitationAcceptedV2 = invitationAcceptedV1.extend({ username: z.string() });
export type InvitationAcceptedV2 = z.infer<typeof invitationAcceptedV2>;

/*
 * Issue 15: verification, password reset, deletion. On the user's stream, which decides single
 * use (a link's id is consumed once) and expiry. They carry ids and expiries, never a token, a
 * code, an address or a password: links and codes are derived from the ids with the platform
 * secret (`@tapinti/platform/signed-token`) where they are sent.
 */

/** auth.user.email-verification-requested v1: a link for the account's current e-mail (48 h). */
export const emailVerificationRequestedV1 = z.object({
  userId: z.uuid(),
  verificationId: z.uuid(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type EmailVerificationRequestedV1 = z.infer<typeof emailVerificationRequestedV1>;

/** auth.user.email-verified v1: the pending link was followed; the account is verified. */
export const emailVerifiedV1 = z.object({
  userId: z.uuid(),
  verificationId: z.uuid(),
});
export type EmailVerifiedV1 = z.infer<typeof emailVerifiedV1>;

/** auth.user.phone-verification-requested v1: a 6-digit code was sent to the account's phone (10 min). */
export const phoneVerificationRequestedV1 = z.object({
  userId: z.uuid(),
  verificationId: z.uuid(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type PhoneVerificationRequestedV1 = z.infer<typeof phoneVerificationRequestedV1>;

/** auth.user.phone-verified v1 */
export const phoneVerifiedV1 = z.object({
  userId: z.uuid(),
  verificationId: z.uuid(),
});
export type PhoneVerifiedV1 = z.infer<typeof phoneVerifiedV1>;

/** auth.user.password-reset-requested v1: a reset link (1 h) for a known, active account. */
export const passwordResetRequestedV1 = z.object({
  userId: z.uuid(),
  resetId: z.uuid(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type PasswordResetRequestedV1 = z.infer<typeof passwordResetRequestedV1>;

/** auth.user.password-changed v1: by a reset link (`resetId`) or by the signed-in user. */
export const passwordChangedV1 = z.object({
  userId: z.uuid(),
  via: z.enum(['reset', 'change']),
  resetId: z.uuid().nullable(),
});
export type PasswordChangedV1 = z.infer<typeof passwordChangedV1>;

/** auth.user.deleted v1: signed out and blocked at once; personal data purged after `purgeAfter`. */
export const userDeletedV1 = z.object({
  userId: z.uuid(),
  purgeAfter: z.iso.datetime({ offset: true }),
});
export type UserDeletedV1 = z.infer<typeof userDeletedV1>;

/** auth.user.purged v1: the deleted account's personal data is gone; consumers forget theirs. */
export const userPurgedV1 = z.object({
  userId: z.uuid(),
});
export type UserPurgedV1 = z.infer<typeof userPurgedV1>;

/** Payload schema per (type, schemaVersion), for consumers that want to validate. */
export const AUTH_EVENT_SCHEMAS: Record<string, Record<number, z.ZodType>> = {
  [AUTH_EVENTS.registered]: { 1: userRegisteredV1 },
  [AUTH_EVENTS.loggedIn]: { 1: userLoggedInV1, 2: userLoggedInV2 },
  [AUTH_EVENTS.loginFailed]: { 1: userLoginFailedV1, 2: userLoginFailedV2 },
  [AUTH_EVENTS.loggedOut]: { 1: userLoggedOutV1 },
  [AUTH_EVENTS.profileUpdated]: { 1: userProfileUpdatedV1 },
  [AUTH_EVENTS.roleChanged]: { 1: userRoleChangedV1, 2: userRoleChangedV2 },
  [AUTH_EVENTS.invitationAccepted]: { 1: invitationAcceptedV1, 2: invitationAcceptedV2 },
  [AUTH_EVENTS.emailVerificationRequested]: { 1: emailVerificationRequestedV1 },
  [AUTH_EVENTS.emailVerified]: { 1: emailVerifiedV1 },
  [AUTH_EVENTS.phoneVerificationRequested]: { 1: phoneVerificationRequestedV1 },
  [AUTH_EVENTS.phoneVerified]: { 1: phoneVerifiedV1 },
  [AUTH_EVENTS.passwordResetRequested]: { 1: passwordResetRequestedV1 },
  [AUTH_EVENTS.passwordChanged]: { 1: passwordChangedV1 },
  [AUTH_EVENTS.deleted]: { 1: userDeletedV1 },
  [AUTH_EVENTS.purged]: { 1: userPurgedV1 },
};
