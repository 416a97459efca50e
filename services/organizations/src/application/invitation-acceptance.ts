import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { invitationStreamId } from '@tapinti/contracts/organizations-events';
import { decideWithin } from '@tapinti/eventstore/command-handler';
import type { Knex } from '@tapinti/platform/db';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { invitationDecider } from '../domain/invitation';

/** What auth says when a user accepted an invitation (`auth.invitation.accepted` v1, v2 with the username). */
export interface AcceptedByAuth {
  invitationId: string;
  userId: string;
  organizationId: string;
  username?: string;
}

/**
 * Records an acceptance auth decided as `organizations.invitation.accepted` on the invitation's
 * stream, in the consumer's transaction (decideWithin: the event, its read models and the processed
 * event id commit together). The relay publishes it on its next poll.
 */
export function createInvitationAcceptance(context: Pick<EventSourcedContext, 'es' | 'logger'>) {
  const { es, logger } = context;
  return async (trx: Knex.Transaction, accepted: AcceptedByAuth, cause: EventEnvelope): Promise<void> => {
    await decideWithin(
      es,
      invitationDecider,
      trx,
      invitationStreamId(accepted.invitationId),
      (state) => {
        const events = invitationDecider.decide(
          {
            type: 'accept',
            userId: accepted.userId,
            organizationId: accepted.organizationId,
            acceptedAt: new Date(cause.metadata.occurredAt),
            username: accepted.username,
          },
          state,
        );
        if (events.length === 0)
          logger.info(
            { invitationId: accepted.invitationId, known: Boolean(state), status: state?.status ?? null },
            'invitation acceptance not recorded (unknown, already accepted or another organisation)',
          );
        return events;
      },
      { ...cause.metadata, actorId: accepted.userId, organizationId: accepted.organizationId },
    );
  };
}
