import type { ServiceDeps } from '@tapinti/runtime/service-module';
import { userAccessRegistry } from '@tapinti/runtime/sessions';
import type { User } from '../domain/user';

/**
 * Writes a user's access record (role, organisation, active) that every service's
 * `authenticate` reads per request: after each committed change of one of them and at every
 * session start, with the session lifetime as expiry (so it outlives the user's sessions).
 */
export function createAccessWriter(context: Pick<ServiceDeps, 'kv' | 'config'>) {
  const registry = userAccessRegistry(context.kv);
  return {
    async write(user: Pick<User, 'id' | 'role' | 'organizationId' | 'isActive'>): Promise<void> {
      await registry.write(
        user.id,
        { role: user.role, organizationId: user.organizationId, isActive: user.isActive },
        context.config.SESSION_TTL_SECONDS,
      );
    },
  };
}
export type AccessWriter = ReturnType<typeof createAccessWriter>;
