import type { ServiceDeps } from '@tapinti/runtime/service-module';
import { userAccessRegistry } from '@tapinti/runtime/sessions';
import type { User } from '../domain/user';
import { findUserById } from '../store/queries';

type AccessFields = Pick<User, 'id' | 'role' | 'organizationId' | 'isActive'>;

const sameAccess = (a: AccessFields, b: AccessFields) =>
  a.role === b.role && a.organizationId === b.organizationId && a.isActive === b.isActive;

/** Enough rounds for any real interleaving; each one is a read and a write of one key. */
const MAX_ROUNDS = 5;

/**
 * Writes a user's access record (role, organisation, active) that every service's
 * `authenticate` reads per request: after each committed change of one of them and at every
 * session start, with the session lifetime as expiry (so it outlives the user's sessions).
 *
 * The store has no compare-and-set, so two writers can land out of order: a sign-in that read the
 * account just before a removal committed could otherwise write `org_staff` after the removal's
 * consumer wrote `user`, and the record would stay stale for the whole session. So every write
 * reads the account again once written and writes again until the two agree: the last write
 * anyone makes then names what the users table said after it, and a change committed later is
 * followed by its own write.
 */
export function createAccessWriter(context: Pick<ServiceDeps, 'kv' | 'config' | 'knex'>) {
  const registry = userAccessRegistry(context.kv);
  const put = (user: AccessFields) =>
    registry.write(
      user.id,
      { role: user.role, organizationId: user.organizationId, isActive: user.isActive },
      context.config.SESSION_TTL_SECONDS,
    );
  return {
    /** Not inside a transaction: it reads the committed account (one connection in embedded mode). */
    async write(user: AccessFields): Promise<void> {
      let written = user;
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        await put(written);
        const current = await findUserById(context.knex, user.id);
        if (!current || sameAccess(current, written)) return;
        written = current;
      }
    },
  };
}
export type AccessWriter = ReturnType<typeof createAccessWriter>;
