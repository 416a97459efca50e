import { createHash } from 'node:crypto';
import type { SessionSummary } from '@tapinti/contracts/auth-api';
import { signSessionToken } from '@tapinti/platform/session';
import type { ServiceDeps } from '@tapinti/runtime/service-module';
import { sessionRegistry } from '@tapinti/runtime/sessions';
import type { User } from '../domain/user';
import { deviceNameOf } from './device-name';
import { createAccessWriter } from './user-access';

/**
 * Sessions as auth starts and ends them: a signed token naming the user and a fresh session id,
 * the session registered server-side, and the user's access record written (so every session
 * starts with a record that outlives it, for accounts created before records existed too).
 */
export function createSessions(context: Pick<ServiceDeps, 'kv' | 'config' | 'clock' | 'knex'>) {
  const { config, clock } = context;
  const registry = sessionRegistry(context.kv);
  const access = createAccessWriter(context);
  return {
    ttlSeconds: config.SESSION_TTL_SECONDS,
    /** Whether the session cookie is `Secure` (COOKIE_SECURE). */
    secureCookie: config.COOKIE_SECURE,
    /** What the device cookie is signed with and how long it lives (DEVICE_COOKIE_TTL_SECONDS). */
    deviceCookie: { secret: config.JWT_SECRET, ttlSeconds: config.DEVICE_COOKIE_TTL_SECONDS, now: clock },
    /**
     * Ends `previous` (one sign-in, one session) and returns the new session's token, which carries
     * when the account was created when it is given.
     */
    async start(
      user: User,
      previous?: string,
      userAgent: string | null = null,
      accountCreatedAt: Date | null = null,
    ): Promise<{ token: string; sessionId: string }> {
      if (previous) await registry.close(previous);
      await access.write(user);
      const session = signSessionToken(
        config.JWT_SECRET,
        { userId: user.id, username: user.username, accountCreatedAt },
        config.SESSION_TTL_SECONDS,
      );
      await registry.open(session.sessionId, user.id, config.SESSION_TTL_SECONDS, userAgent);
      return session;
    },
    async end(sessionId: string): Promise<void> {
      await registry.close(sessionId);
    },
    /** Ends every session of the user but `keep` (all of them without it). */
    async endAll(userId: string, keep?: string): Promise<void> {
      await registry.closeAll(userId, { keep, ttlSeconds: config.SESSION_TTL_SECONDS });
    },
    /** The user's live sessions; each named by a digest of its id (the id itself stays here). */
    async list(userId: string, currentSessionId: string): Promise<SessionSummary[]> {
      const entries = await registry.list(userId);
      return entries.map((e) => ({
        id: createHash('sha256').update(e.sessionId).digest('hex').slice(0, 16),
        createdAt: e.createdAt,
        device: deviceNameOf(e.userAgent),
        current: e.sessionId === currentSessionId,
      }));
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
