import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { userStreamId } from '@tapinti/contracts/auth-events';
import type { MemberRemovedV1 } from '@tapinti/contracts/organizations-events';
import { decideWithin } from '@tapinti/eventstore/command-handler';
import type { Knex } from '@tapinti/platform/db';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { userDecider } from '../domain/user';
import { findUserById } from '../store/queries';
import { createAccessWriter } from './user-access';

/**
 * `organizations.organization.member-removed` → the account is a `user` again
 * (`auth.user.role-changed` v2 on its stream, in the consumer's transaction), and its access record
 * says so once that transaction committed (written after it: in embedded mode the key-value store
 * is the same one-connection database the transaction holds). Its sessions already ended when the
 * removal was answered (the organizations service ends them); any it opened since act as a `user`
 * from their next request.
 */
export function createMemberRemoval(context: EventSourcedContext) {
  const { es, logger } = context;
  const access = createAccessWriter(context);
  return async (trx: Knex.Transaction, removed: MemberRemovedV1, cause: EventEnvelope): Promise<void> => {
    const events = await decideWithin(
      es,
      userDecider,
      trx,
      userStreamId(removed.userId),
      (state) =>
        userDecider.decide({ type: 'leave-organization', organizationId: removed.organizationId }, state),
      { ...cause.metadata, organizationId: removed.organizationId },
    );
    if (events.length === 0) return;
    const user = await findUserById(trx, removed.userId);
    if (user)
      void trx.executionPromise.then(
        () =>
          access
            .write(user)
            .catch((err: unknown) => logger.error({ err, userId: user.id }, 'access record not written')),
        () => undefined,
      );
  };
}
