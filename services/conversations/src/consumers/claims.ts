import type { Knex } from 'knex';
import { conversationStreamId } from '@tapinti/contracts/conversations-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { RequestFiledV1 } from '@tapinti/contracts/requests-events';
import { decideWithin } from '@tapinti/eventstore/command-handler';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { conversationDecider } from '../domain/conversation';

/**
 * A claim filed → its conversation, opened in the consumer's transaction (decideWithin), with the
 * claim's id as its own. The claim names both sides: the claimant, and the announcement's author
 * (`handlerUserId`) or, when null, its organisation's admins and staff.
 */
export function claimFiled(context: Pick<EventSourcedContext, 'es' | 'clock'>) {
  return async (trx: Knex.Transaction, p: RequestFiledV1, event: EventEnvelope) => {
    await decideWithin(
      context.es,
      conversationDecider,
      trx,
      conversationStreamId(p.requestId),
      (state) =>
        conversationDecider.decide(
          {
            type: 'open',
            conversationId: p.requestId,
            announcementId: p.announcementId,
            claimantUserId: p.userId,
            holderUserId: p.handlerUserId,
            holderOrganizationId: p.handlerUserId ? null : p.organizationId,
            now: new Date(p.createdAt),
          },
          state,
        ),
      { ...event.metadata, occurredAt: context.clock().toISOString() },
    );
  };
}
