import type { Express, Request, Response } from 'express';
import { AUTH_ENDPOINTS, AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoint } from '@tapinti/platform/endpoint-route';
import { UnauthorizedError } from '@tapinti/platform/errors';
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
    const { token } = await sessions.start(user, req.caller?.sessionId, req.get('user-agent') ?? null);
    setSessionCookie(req, res, token, { ttlSeconds: sessions.ttlSeconds, secure: sessions.secureCookie });
  }

  // Only the schema's fields are read: `role` and `organizationId` in the body are ignored.
  mountEndpoint(app, AUTH_ENDPOINTS.register, async ({ body, req, res }) => {
    const user = await accounts.register(body, requestMetadata(req, null));
    await startSession(req, res, user);
    return user;
  });

  mountEndpoint(app, AUTH_ENDPOINTS.login, async ({ body, req, res }) => {
    const { user } = await accounts.login(body, requestMetadata(req, null));
    await startSession(req, res, user);
    return user;
  });

  mountEndpoint(app, AUTH_ENDPOINTS.logout, async ({ caller, req, res }) => {
    if (caller) {
      await sessions.end(caller.sessionId);
      await accounts.recordLogout(caller.userId, requestMetadata(req, caller.userId));
    }
    clearSessionCookie(req, res, sessions.secureCookie);
    res.setHeader('Cache-Control', 'no-store');
  });

  mountEndpoint(app, AUTH_ENDPOINTS.currentUser, async ({ caller, req, res }) => {
    const user = await accounts.currentUser(caller.userId);
    if (!user) {
      await sessions.end(caller.sessionId);
      clearSessionCookie(req, res, sessions.secureCookie);
      throw new UnauthorizedError();
    }
    return user;
  });

  mountEndpoint(app, AUTH_ENDPOINTS.updateProfile, async ({ body, caller, req, res }) => {
    const user = await accounts.updateProfile(caller.userId, body, requestMetadata(req));
    // The token names the user: a new username gets a new token (and session).
    if (user.username !== caller.username) await startSession(req, res, user);
    return user;
  });

  mountEndpoint(app, AUTH_ENDPOINTS.invitation, async ({ params }) => invitations.describe(params.token));

  // Signed out: a new org_admin account, signed in exactly like a login. Signed in: the
  // caller's own account (the invited e-mail) becomes org_admin, in the same session.
  mountEndpoint(app, AUTH_ENDPOINTS.acceptInvitation, async ({ body, caller, req, res }) => {
    if (caller) return invitations.acceptAsCaller(body.token, caller, requestMetadata(req));
    const user = await invitations.acceptWithNewAccount(body, requestMetadata(req, null));
    await startSession(req, res, user);
    return user;
  });

  // Issue 15: verification, password reset and change, sessions, deletion.
  mountEndpoint(app, AUTH_ENDPOINTS.accountStatus, async ({ caller }) => trust.status(caller.userId));

  mountEndpoint(app, AUTH_ENDPOINTS.verifyEmail, async ({ body, req }) =>
    trust.verifyEmail(body.token, requestMetadata(req, null)),
  );

  mountEndpoint(app, AUTH_ENDPOINTS.resendEmailVerification, async ({ caller, req }) =>
    trust.resendEmailVerification(caller.userId, requestMetadata(req)),
  );

  mountEndpoint(app, AUTH_ENDPOINTS.startPhoneVerification, async ({ caller, req }) =>
    trust.startPhoneVerification(caller.userId, requestMetadata(req)),
  );

  mountEndpoint(app, AUTH_ENDPOINTS.confirmPhoneVerification, async ({ body, caller, req }) =>
    trust.confirmPhoneVerification(caller.userId, body.code, requestMetadata(req)),
  );

  mountEndpoint(app, AUTH_ENDPOINTS.requestPasswordReset, async ({ body, req }) => {
    await trust.requestPasswordReset(body.email, requestMetadata(req, null));
    return { message: AUTH_MESSAGES.resetRequested };
  });

  mountEndpoint(app, AUTH_ENDPOINTS.confirmPasswordReset, async ({ body, req }) =>
    trust.confirmPasswordReset(body, requestMetadata(req, null)),
  );

  mountEndpoint(app, AUTH_ENDPOINTS.changePassword, async ({ body, caller, req }) =>
    trust.changePassword(caller, body, requestMetadata(req)),
  );

  mountEndpoint(app, AUTH_ENDPOINTS.sessions, async ({ caller, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return { sessions: await sessions.list(caller.userId, caller.sessionId) };
  });

  mountEndpoint(app, AUTH_ENDPOINTS.signOutEverywhere, async ({ caller, req, res }) => {
    await sessions.endAll(caller.userId);
    await accounts.recordLogout(caller.userId, requestMetadata(req, caller.userId));
    clearSessionCookie(req, res, sessions.secureCookie);
  });

  mountEndpoint(app, AUTH_ENDPOINTS.deleteAccount, async ({ body, caller, req, res }) => {
    await trust.deleteAccount(caller.userId, body.password, requestMetadata(req));
    clearSessionCookie(req, res, sessions.secureCookie);
  });
}
