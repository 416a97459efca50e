import type { Express, Request, Response } from 'express';
import { loginRequestSchema, profileRequestSchema, registerRequestSchema } from '@tapinti/contracts/auth-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { UnauthorizedError } from '@tapinti/platform/errors';
import {
  clearSessionCookie,
  requireCaller,
  callerOf,
  setSessionCookie,
  signSessionToken,
} from '@tapinti/platform/session';
import { parseInput } from '@tapinti/platform/validation';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { sessionRegistry } from '@tapinti/runtime/sessions';
import type { Accounts } from '../application/accounts';
import { toClientUser, type User } from '../domain/user';

/** Sessions are never cached, by a browser or anything in between. */
function noStore(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
}

export function authRoutes(context: ServiceContext, accounts: Accounts) {
  const { config } = context;
  const sessions = sessionRegistry(context.kv);
  const ttlSeconds = config.SESSION_TTL_SECONDS;

  /** A fresh token and session id, registered server-side, in the HttpOnly cookie. */
  async function startSession(req: Request, res: Response, user: User) {
    // Whatever session the request came with ends here: one login, one session.
    if (req.caller) await sessions.close(req.caller.sessionId);
    const { token, sessionId } = signSessionToken(
      config.JWT_SECRET,
      { userId: user.id, role: user.role, organizationId: user.organizationId, username: user.username },
      ttlSeconds,
    );
    await sessions.open(sessionId, user.id, ttlSeconds);
    setSessionCookie(req, res, token, { ttlSeconds, secure: config.COOKIE_SECURE });
  }

  return (app: Express) => {
    app.post('/api/register', async (req, res) => {
      // Only the schema's fields are read: `role` and `organizationId` in the body are ignored.
      const input = parseInput(registerRequestSchema, req.body);
      const user = await accounts.register(input, requestMetadata(req, null));
      await startSession(req, res, user);
      noStore(res);
      res.status(201).json(toClientUser(user));
    });

    app.post('/api/login', async (req, res) => {
      const input = parseInput(loginRequestSchema, req.body);
      const { user } = await accounts.login(input, requestMetadata(req, null));
      await startSession(req, res, user);
      noStore(res);
      res.status(200).json(toClientUser(user));
    });

    app.post('/api/logout', async (req, res) => {
      const caller = req.caller;
      if (caller) {
        await sessions.close(caller.sessionId);
        await accounts.recordLogout(caller.userId, requestMetadata(req, caller.userId));
      }
      clearSessionCookie(req, res, config.COOKIE_SECURE);
      noStore(res);
      res.status(204).end();
    });

    app.get('/api/user', requireCaller, async (req, res) => {
      const caller = callerOf(req);
      const user = await accounts.currentUser(caller.userId);
      noStore(res);
      if (!user) {
        await sessions.close(caller.sessionId);
        clearSessionCookie(req, res, config.COOKIE_SECURE);
        throw new UnauthorizedError();
      }
      res.json(toClientUser(user));
    });

    app.put('/api/profile', requireCaller, async (req, res) => {
      const caller = callerOf(req);
      const input = parseInput(profileRequestSchema, req.body);
      const before = caller.username;
      const user = await accounts.updateProfile(caller.userId, input, requestMetadata(req));
      // The token names the user: a new username gets a new token (and session).
      if (user.username !== before) await startSession(req, res, user);
      noStore(res);
      res.json(toClientUser(user));
    });
  };
}
