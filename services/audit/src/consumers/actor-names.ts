import type { Knex } from 'knex';
import type { UserProfileUpdatedV1, UserRegisteredV1 } from '@tapinti/contracts/auth-events';
import { upsertActorName } from '../store/audit-logs';

/** audit.users: the usernames of actors, kept from auth events (the audit list shows them). */
export async function actorRegistered(trx: Knex.Transaction, p: UserRegisteredV1): Promise<void> {
  await upsertActorName(trx, p.userId, p.username);
}

export async function actorRenamed(trx: Knex.Transaction, p: UserProfileUpdatedV1): Promise<void> {
  if (p.after.username !== undefined) await upsertActorName(trx, p.userId, p.after.username);
}
