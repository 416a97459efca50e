import type { Knex } from 'knex';
import type { CloseOutcome } from '@tapinti/contracts/announcements-api';
import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { type ItemLoggedV1, itemListingId } from '@tapinti/contracts/inventory-events';
import { decideWithin } from '@tapinti/eventstore/command-handler';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { announcementDecider } from '../domain/announcement';
import { listingOfItem } from '../domain/inventory-listing';
import { writeExpectedAnswers } from '../store/security-answers';

type Context = Pick<EventSourcedContext, 'es' | 'clock'>;

/**
 * `inventory.item.logged`: the organisation's found announcement of the item (issue 25), posted
 * as the staff member who logged it, on the stream of `itemListingId(itemId)`, appended and
 * projected in the consumer's transaction with the expected answer of its question (not an
 * event). Already there (a redelivery past the processed ids): nothing. The matching group then
 * matches it like any found announcement.
 */
export function itemLogged(context: Context) {
  return async (
    trx: Knex.Transaction,
    p: ItemLoggedV1 & { listedPublicly?: boolean },
    event: EventEnvelope,
  ) => {
    // v3: the staff chose the register only; never an announcement (v1, v2: always listed).
    if (p.listedPublicly === false) return;
    const announcementId = itemListingId(p.itemId);
    const input = listingOfItem(p);
    const staff = { userId: p.loggedBy, role: 'org_staff' as const, organizationId: p.organizationId };
    await decideWithin(
      context.es,
      announcementDecider,
      trx,
      announcementStreamId(announcementId),
      async (state, uow) => {
        if (state) return [];
        await writeExpectedAnswers(uow.trx, announcementId, input.securityQuestions ?? []);
        return announcementDecider.decide(
          {
            type: 'create',
            input,
            context: { announcementId, caller: staff, now: new Date(p.loggedAt), knownContacts: null },
          },
          state,
        );
      },
      { ...event.metadata, occurredAt: context.clock().toISOString() },
    );
  };
}

/**
 * The item left the register (`inventory.item.returned`: `returned`; `inventory.item.disposed`:
 * `no_longer_needed`): its listing is closed and leaves every public read. A listing a claim
 * already resolved stays as it is.
 */
export function itemLeftRegister(context: Context, outcome: CloseOutcome) {
  return async (trx: Knex.Transaction, p: { itemId: string }, event: EventEnvelope) => {
    await decideWithin(
      context.es,
      announcementDecider,
      trx,
      announcementStreamId(itemListingId(p.itemId)),
      (state) => announcementDecider.decide({ type: 'end-listing', outcome, now: context.clock() }, state),
      { ...event.metadata, occurredAt: context.clock().toISOString() },
    );
  };
}
