import type { Knex } from 'knex';
import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import type { UserDeletedV1, UserPurgedV1 } from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { decideWithin } from '@tapinti/eventstore/command-handler';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { announcementDecider } from '../domain/announcement';
import { forgetContacts, undeletedAnnouncementsOf } from '../store/author-announcements';

/**
 * A deleted account's announcements disappear from every list (issue 15): each one is decided
 * `deleted` on its own stream, as its author deleting it, appended and projected in the
 * consumer's transaction (so the event is handled once with its effect; the matching group then
 * takes it out of every match list). A concurrent writer makes the append stale: the batch fails
 * and the bus delivers it again.
 */
export function userDeleted(context: Pick<EventSourcedContext, 'es' | 'clock'>) {
  return async (trx: Knex.Transaction, p: UserDeletedV1, event: EventEnvelope) => {
    const author = { userId: p.userId, role: 'user' as const, organizationId: null };
    const metadata = { ...event.metadata, occurredAt: context.clock().toISOString() };
    for (const announcementId of await undeletedAnnouncementsOf(trx, p.userId))
      await decideWithin(
        context.es,
        announcementDecider,
        trx,
        announcementStreamId(announcementId),
        (state) =>
          announcementDecider.decide({ type: 'delete', caller: author, now: context.clock() }, state),
        metadata,
      );
  };
}

/** The purged account's contacts (e-mail, phone) leave this service's read model. */
export async function userPurged(trx: Knex.Transaction, p: UserPurgedV1) {
  await forgetContacts(trx, p.userId);
}
