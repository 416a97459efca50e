import type { Express } from 'express';
import type { Logger } from '@tapinti/platform/logger';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { buildSmsSender } from '@tapinti/ports/build-sms-sender';
import { createAccountTrust } from './application/account-trust';
import { createAccounts } from './application/accounts';
import { createInvitations } from './application/invitations';
import { createSessions } from './application/sessions';
import { routes } from './http/routes';
import { createPasswordHasher } from './security/passwords';

/** `/api/invitations/<token>` with the token hidden: invitation links are secrets. */
export function redactInvitationToken(url: unknown): unknown {
  return typeof url === 'string'
    ? url.replace(/(\/api\/invitations\/)(?!accept(?:[/?#]|$))[^/?#]+/g, '$1[redacted]')
    : url;
}

/**
 * The service's logger for HTTP: the access log (and an unhandled error's line) never show an
 * invitation token from a `GET /api/invitations/:token` path. A child logger's `redact` replaces
 * its parent's, so the platform's paths are repeated here.
 */
function httpLogger(logger: Logger): Logger {
  return logger.child(
    {},
    {
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          '*.password',
          'req.url',
          'url',
        ],
        censor: (value, path) => (path.at(-1) === 'url' ? redactInvitationToken(value) : '[redacted]'),
      },
    },
  );
}

export function createApp(context: EventSourcedContext): Express {
  // One bound on password hashing for the whole process (PASSWORD_HASH_CONCURRENCY / _QUEUE).
  const hasher = createPasswordHasher({
    concurrency: context.config.PASSWORD_HASH_CONCURRENCY,
    queue: context.config.PASSWORD_HASH_QUEUE,
  });
  const sessions = createSessions(context);
  const useCases = {
    accounts: createAccounts(context, hasher),
    invitations: createInvitations(context, hasher),
    trust: createAccountTrust(context, hasher, sessions, buildSmsSender(context.config)),
    sessions,
  };
  return createServiceApp({ ...context, logger: httpLogger(context.logger) }, (app) => routes(app, useCases));
}
