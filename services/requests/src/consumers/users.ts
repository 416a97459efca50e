import type { Knex } from 'knex';
import type { UserProfileUpdatedV1, UserRegisteredV1 } from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { upsertUser } from '../store/users';

/** Who claims and how a handler reaches them: username, e-mail, phone. */
export async function userRegistered(trx: Knex.Transaction, p: UserRegisteredV1, event: EventEnvelope) {
  await upsertUser(
    trx,
    p.userId,
    { username: p.username, email: p.email, phone: p.phone },
    event.metadata.occurredAt,
  );
}

export async function userProfileUpdated(
  trx: Knex.Transaction,
  p: UserProfileUpdatedV1,
  event: EventEnvelope,
) {
  await upsertUser(trx, p.userId, p.after, event.metadata.occurredAt);
}
