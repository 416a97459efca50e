import type { Knex } from 'knex';
import type { EmailVerifiedV1, UserProfileUpdatedV1 } from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { setAuthorVerified } from '../store/author-announcements';

/** A verified e-mail: the author's announcements get the verified badge (issue 15). */
export async function emailVerified(trx: Knex.Transaction, p: EmailVerifiedV1, event: EventEnvelope) {
  await setAuthorVerified(trx, p.userId, true, event.metadata.occurredAt);
}

/** A new e-mail is unverified until its link is followed: the badge goes until then. */
export async function emailChanged(trx: Knex.Transaction, p: UserProfileUpdatedV1, event: EventEnvelope) {
  if (p.after.email !== undefined) await setAuthorVerified(trx, p.userId, false, event.metadata.occurredAt);
}
