import type { Knex } from 'knex';
import type { PhoneVerifiedV1, UserProfileUpdatedV1, UserRegisteredV1 } from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { setPhoneVerified, upsertContacts } from '../store/user-contacts';

/**
 * Users' phone and e-mail as auth publishes them, so a new announcement's contact info can
 * default to the author's phone, else e-mail; and when they registered and what they verified
 * (a reporter's standing, issue 21).
 */
export async function userRegistered(trx: Knex.Transaction, p: UserRegisteredV1, event: EventEnvelope) {
  const at = event.metadata.occurredAt;
  await upsertContacts(trx, p.userId, { email: p.email, phone: p.phone, registeredAt: at }, at);
}

export async function phoneVerified(trx: Knex.Transaction, p: PhoneVerifiedV1, event: EventEnvelope) {
  await setPhoneVerified(trx, p.userId, event.metadata.occurredAt);
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
