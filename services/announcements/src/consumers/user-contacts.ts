import type { Knex } from 'knex';
import type { UserProfileUpdatedV1, UserRegisteredV1 } from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { upsertContacts } from '../store/user-contacts';

/**
 * Users' phone and e-mail as auth publishes them, so a new announcement's contact info can
 * default to the author's phone, else e-mail.
 */
export async function userRegistered(trx: Knex.Transaction, p: UserRegisteredV1, event: EventEnvelope) {
  await upsertContacts(trx, p.userId, { email: p.email, phone: p.phone }, event.metadata.occurredAt);
}

export async function userProfileUpdated(
  trx: Knex.Transaction,
  p: UserProfileUpdatedV1,
  event: EventEnvelope,
) {
  await upsertContacts(
    trx,
    p.userId,
    { email: p.after.email, phone: p.after.phone },
    event.metadata.occurredAt,
  );
}
