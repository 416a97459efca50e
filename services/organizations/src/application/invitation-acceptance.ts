import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { invitationStreamId } from '@tapinti/contracts/organizations-events';
import { foldEvents } from '@tapinti/eventstore/command-handler';
import type { Knex } from '@tapinti/platform/db';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { invitationDecider } from '../domain/invitation';
import { project } from '../store/projection';

/** What auth says when a user accepted an invitation (`auth.invitation.accepted` v1). */
export interface AcceptedByAuth {
  invitationId: string;
  userId: string;
  organizationId: string;
}

/**
 * Records an acceptance auth decided as `organizations.invitation.accepted` on the invitation's
 * stream, in the consumer's transaction (so the event, its read models and the processed event
 * id commit together). A version another writer moved on makes the batch fail and be delivered
 * again, which reads the stream afresh. The relay publishes it on its next poll.
 */
export function createInvitationAcceptance(context: Pick<EventSourcedContext, 'es' | 'logger'>) {
  const { es, logger } = context;
  return async (trx: Knex.Transaction, accepted: AcceptedByAuth, cause: EventEnvelope): Promise<void> => {
    const streamId = invitationStreamId(accepted.invitationId);
    const history = await es.store.readStream(streamId, trx);
    const state = foldEvents(invitationDecider, history);
    const events = invitationDecider.decide(
      {
        type: 'accept',
        userId: accepted.userId,
        organizationId: accepted.organizationId,
        acceptedAt: new Date(cause.metadata.occurredAt),
      },
      state,
    );
    if (events.length === 0) {
      logger.info(
        { invitationId: accepted.invitationId, known: Boolean(state), status: state?.status ?? null },
        'invitation acceptance not recorded (unknown, already accepted or another organisation)',
      );
      return;
    }
    const version = history.at(-1)?.streamVersion ?? 0;
    const appended = await es.store.append(trx, streamId, version === 0 ? 'no-stream' : version, events, {
      ...cause.metadata,
      actorId: accepted.userId,
      organizationId: accepted.organizationId,
    });
    for (const event of appended) await project(trx, event);
  };
}
