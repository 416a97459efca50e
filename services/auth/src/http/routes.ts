import type { Express, Request, Response } from 'express';
import { AUTH_ENDPOINTS, AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import { UnauthorizedError } from '@tapinti/platform/errors';
import { readDeviceId, setDeviceCookie } from '@tapinti/platform/device-cookie';
import { clearSessionCookie, setSessionCookie } from '@tapinti/platform/session';
import type { AccountTrust } from '../application/account-trust';
import type { Accounts } from '../application/accounts';
import type { Invitations } from '../application/invitations';
import type { Sessions } from '../application/sessions';
import type { User } from '../domain/user';

/** parse → use case → answer; the contracts in `AUTH_ENDPOINTS` parse and serialise. */
export function routes(
  app: Express,
  {
    accounts,
    invitations,
    trust,
    sessions,
  }: { accounts: Accounts; invitations: Invitations; trust: AccountTrust; sessions: Sessions },
): void {
  /** A fresh token and session id, registered server-side, in the HttpOnly cookie. */
  async function startSession(req: Request, res: Response, user: User) {
    // Whatever session the request came with ends here: one login, one session.
    const { token } = await sessions.start(
      user,
      req.caller?.sessionId,
      req.get('user-agent') ?? null,
      await accounts.createdAt(user.id),
    );
    setSessionCookie(req, res, token, { ttlSeconds: sessions.ttlSeconds, secure: sessions.secureCookie });
  }

  /** The request's device id, from a valid device cookie (issue 21), else null. */
  const deviceOf = (req: Request) =>
    readDeviceId(req, sessions.deviceCookie.secret, sessions.deviceCookie.now());

  /** Sets (renews) the device cookie of a browser the account is now known on. */
  function rememberDevice(req: Request, res: Response, deviceId: string) {
    const { secret, ttlSeconds, now } = sessions.deviceCookie;
    setDeviceCookie(req, res, { secret, deviceId, ttlSeconds, now: now(), secure: sessions.secureCookie });
  }

  mountEndpoints(app, AUTH_ENDPOINTS, {
    // Only the schema's fields are read: `role` and `organizationId` in the body are ignored.
    register: async ({ body, req, res }) => {
      const user = await accounts.register(body, requestMetadata(req, null));
      await startSession(req, res, user);
      rememberDevice(req, res, await accounts.rememberDevice(user.id, deviceOf(req)));
      return user;
    },

    login: async ({ body, req, res }) => {
      const { user, deviceId } = await accounts.login(body, requestMetadata(req, null), deviceOf(req));
      await startSession(req, res, user);
      rememberDevice(req, res, deviceId);
      return user;
    },

    logout: async ({ caller, req, res }) => {
      if (caller) {
        await sessions.end(caller.sessionId);
        await accounts.recordLogout(caller.userId, requestMetadata(req, caller.userId));
      }
      clearSessionCookie(req, res, sessions.secureCookie);
      res.setHeader('Cache-Control', 'no-store');
    },

    currentUser: async ({ caller, req, res }) => {
      const user = await accounts.currentUser(caller.userId);
      if (!user) {
        await sessions.end(caller.sessionId);
        clearSessionCookie(req, res, sessions.secureCookie);
        throw new UnauthorizedError();
      }
      return user;
    },

    updateProfile: async ({ body, caller, req, res }) => {
      const user = await accounts.updateProfile(caller.userId, body, requestMetadata(req));
      // The token names the user: a new username gets a new token (and session).
      if (user.username !== caller.username) await startSession(req, res, user);
      return user;
    },

    invitation: async ({ params }) => invitations.describe(params.token),

    // Signed out: a new org_admin account, signed in exactly like a login. Signed in: the
    // caller's own account (the invited e-mail) becomes org_admin, in the same session.
    acceptInvitation: async ({ body, caller, req, res }) => {
      if (caller) return invitations.acceptAsCaller(body.token, caller, requestMetadata(req));
      const user = await invitations.acceptWithNewAccount(body, requestMetadata(req, null));
      await startSession(req, res, user);
      rememberDevice(req, res, await accounts.rememberDevice(user.id, deviceOf(req)));
      return user;
    },

    // Issue 15: verification, password reset and change, sessions, deletion.
    accountStatus: async ({ caller }) => trust.status(caller.userId),

    verifyEmail: async ({ body, req }) => trust.verifyEmail(body.token, requestMetadata(req, null)),

    resendEmailVerification: async ({ caller, req }) =>
      trust.resendEmailVerification(caller.userId, requestMetadata(req)),

    startPhoneVerification: async ({ caller, req }) =>
      trust.startPhoneVerification(caller.userId, requestMetadata(req)),

    confirmPhoneVerification: async ({ body, caller, req }) =>
      trust.confirmPhoneVerification(caller.userId, body.code, requestMetadata(req)),

    requestPasswordReset: async ({ body, req }) => {
      await trust.requestPasswordReset(body.email, requestMetadata(req, null));
      return { message: AUTH_MESSAGES.resetRequested };
    },

    confirmPasswordReset: async ({ body, req }) =>
      trust.confirmPasswordReset(body, requestMetadata(req, null)),

    changePassword: async ({ body, caller, req }) => trust.changePassword(caller, body, requestMetadata(req)),

    sessions: async ({ caller, res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return { sessions: await sessions.list(caller.userId, caller.sessionId) };
    },

    signOutEverywhere: async ({ caller, req, res }) => {
      await sessions.endAll(caller.userId);
      await accounts.recordLogout(caller.userId, requestMetadata(req, caller.userId));
      clearSessionCookie(req, res, sessions.secureCookie);
    },

    deleteAccount: async ({ body, caller, req, res }) => {
      await trust.deleteAccount(caller.userId, body.password, requestMetadata(req));
      clearSessionCookie(req, res, sessions.secureCookie);
    },
  });
}
