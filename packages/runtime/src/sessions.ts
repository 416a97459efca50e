import { parseUserAccess, serializeUserAccess, type UserAccess } from '@tapinti/platform/session';
import type { KeyValueStore } from '@tapinti/ports/key-value-store';

const keyOf = (sessionId: string) => `session:${sessionId}`;
const accessKeyOf = (userId: string) => `user-access:${userId}`;
const userSessionsKeyOf = (userId: string) => `user-sessions:${userId}`;

/** A session as its user's list shows it (the index entry of `user-sessions:<userId>`). */
export interface SessionEntry {
  sessionId: string;
  createdAt: string;
  userAgent: string | null;
}

const parseEntries = (value: string | null): SessionEntry[] => {
  if (!value) return [];
  try {
    const entries = JSON.parse(value) as unknown;
    return Array.isArray(entries)
      ? entries.filter(
          (e): e is SessionEntry => typeof e?.sessionId === 'string' && typeof e?.createdAt === 'string',
        )
      : [];
  } catch {
    return [];
  }
};

/**
 * Server-side record of live sessions, so logout really ends one; and, per user, an index of the
 * sessions it opened (`user-sessions:<userId>`), so they can be listed and all ended at once. The
 * index is read, pruned of ended sessions and written again at each open (the port has no sets):
 * two sign-ins of one user in the same instant could drop one entry, which then ends only by
 * itself (logout or expiry).
 */
export function sessionRegistry(kv: KeyValueStore) {
  async function liveEntries(userId: string): Promise<SessionEntry[]> {
    const entries = parseEntries(await kv.get(userSessionsKeyOf(userId)));
    const alive = await Promise.all(entries.map(async (e) => (await kv.get(keyOf(e.sessionId))) === userId));
    return entries.filter((_, i) => alive[i]);
  }
  return {
    async open(sessionId: string, userId: string, ttlSeconds: number, userAgent: string | null = null) {
      await kv.set(keyOf(sessionId), userId, ttlSeconds);
      const entries = await liveEntries(userId);
      entries.push({
        sessionId,
        createdAt: new Date().toISOString(),
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      await kv.set(userSessionsKeyOf(userId), JSON.stringify(entries), ttlSeconds);
    },
    async close(sessionId: string) {
      await kv.delete(keyOf(sessionId));
    },
    async isActive(sessionId: string) {
      return (await kv.get(keyOf(sessionId))) !== null;
    },
    /** The user's live sessions, oldest first. */
    list: liveEntries,
    /** Ends every session of the user but `keep` (none kept when it is not given). */
    async closeAll(userId: string, { keep, ttlSeconds }: { keep?: string; ttlSeconds: number }) {
      const entries = await liveEntries(userId);
      await Promise.all(
        entries.filter((e) => e.sessionId !== keep).map((e) => kv.delete(keyOf(e.sessionId))),
      );
      const kept = entries.filter((e) => e.sessionId === keep);
      if (kept.length) await kv.set(userSessionsKeyOf(userId), JSON.stringify(kept), ttlSeconds);
      else await kv.delete(userSessionsKeyOf(userId));
    },
  };
}

/**
 * Each user's current role, organisation and active state (`user-access:<userId>`), which every
 * service's `authenticate` reads per request. Only auth writes it: whenever one of them changes
 * and at every sign-in, with the session lifetime as expiry, so the record outlives every
 * session of the user (each session starts with a write).
 */
export function userAccessRegistry(kv: KeyValueStore) {
  return {
    async write(userId: string, access: UserAccess, ttlSeconds: number) {
      await kv.set(accessKeyOf(userId), serializeUserAccess(access), ttlSeconds);
    },
    async read(userId: string): Promise<UserAccess | null> {
      return parseUserAccess(await kv.get(accessKeyOf(userId)));
    },
  };
}
export type UserAccessRegistry = ReturnType<typeof userAccessRegistry>;
