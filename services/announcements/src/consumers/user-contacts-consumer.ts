import { AUTH_EVENTS, userProfileUpdatedV1, userRegisteredV1 } from '@tapinti/contracts/auth-events';
import { topicOf } from '@tapinti/contracts/event-envelope';
import { idempotentHandler, type EventEffect } from '@tapinti/eventstore/idempotent-consumer';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { upsertContacts } from '../store/user-contacts';

export const USER_CONTACTS_CONSUMER = 'announcements.user-contacts';

/**
 * Users' phone and e-mail as auth publishes them, so a new announcement's contact info can
 * default to the author's phone, else e-mail. Events of other versions are skipped (logged).
 */
export function userContactsEffects(context: Pick<ServiceContext, 'logger'>): Record<string, EventEffect> {
  return {
    [AUTH_EVENTS.registered]: async (trx, event) => {
      const parsed = userRegisteredV1.safeParse(event.payload);
      if (event.schemaVersion !== 1 || !parsed.success) {
        context.logger.warn(
          { eventId: event.eventId, schemaVersion: event.schemaVersion },
          'unreadable registered event skipped',
        );
        return;
      }
      const p = parsed.data;
      await upsertContacts(trx, p.userId, { email: p.email, phone: p.phone }, event.metadata.occurredAt);
    },
    [AUTH_EVENTS.profileUpdated]: async (trx, event) => {
      const parsed = userProfileUpdatedV1.safeParse(event.payload);
      if (event.schemaVersion !== 1 || !parsed.success) {
        context.logger.warn(
          { eventId: event.eventId, schemaVersion: event.schemaVersion },
          'unreadable profile event skipped',
        );
        return;
      }
      const { userId, after } = parsed.data;
      await upsertContacts(
        trx,
        userId,
        { email: after.email, phone: after.phone },
        event.metadata.occurredAt,
      );
    },
  };
}

export async function startUserContactsConsumer(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(
    { groupId: USER_CONTACTS_CONSUMER, topics: [topicOf('auth')] },
    idempotentHandler(context.knex, {
      schema: 'announcements',
      consumer: USER_CONTACTS_CONSUMER,
      effects: userContactsEffects(context),
    }),
  );
}
