import type { Knex } from 'knex';
import type { EmailVerifiedV1, UserProfileUpdatedV1, UserRegisteredV1 } from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { upsertUser } from '../store/users';

/** Who claims and how a handler reaches them: username, e-mail, phone. */
export async function userRegistered(trx: Knex.Transaction, p: UserRegisteredV1, event: EventEnvelope) {
  await upsertUser(
    trx,
    p.userId,
    { username: p.username, email: p.email, phone: p.phone, emailVerified: p.isVerified },
    event.metadata.occurredAt,
  );
}

export async function userProfileUpdated(
  trx: Knex.Transaction,
  p: UserProfileUpdatedV1,
  event: EventEnvelope,
) {
  // A new address is not verified (auth's rule): complaint mail waits for its verification.
  const emailVerified = p.after.email === undefined ? {} : { emailVerified: false };
  await upsertUser(trx, p.userId, { ...p.after, ...emailVerified }, event.metadata.occurredAt);
}

/** The account's current address is verified: complaint receipts and replies may go there. */
export async function userEmailVerified(trx: Knex.Transaction, p: EmailVerifiedV1, event: EventEnvelope) {
  await upsertUser(trx, p.userId, { emailVerified: true }, event.metadata.occurredAt);
}
