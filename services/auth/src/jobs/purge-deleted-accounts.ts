import { userStreamId } from '@tapinti/contracts/auth-events';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { trustDecider } from '../domain/account-trust';
import { accountsDueForPurge, erasePersonalData } from '../store/queries';

/** One repeated job purges every deleted account whose archive period (ACCOUNT_PURGE_AFTER_MS) is over. */
export const PURGE_DELETED_ACCOUNTS_JOB = 'purge-deleted-accounts';
const BATCH = 100;

type PurgeContext = Pick<EventSourcedContext, 'es' | 'jobs' | 'clock' | 'logger' | 'knex' | 'config'>;

/**
 * Appends `auth.user.purged` for each due account, in the transaction that deletes its password
 * hash and anonymises the personal data of its stored events (`erasePersonalData`); through the
 * command handler, so two runs at once purge it once.
 */
export async function purgeDueAccounts(context: Pick<EventSourcedContext, 'es' | 'clock' | 'knex'>) {
  const users = createCommandHandler(context.es, trustDecider);
  let purged = 0;
  for (;;) {
    const due = await accountsDueForPurge(context.knex, context.clock(), BATCH);
    const before = purged;
    for (const userId of due) {
      const { events } = await users.handle(
        userStreamId(userId),
        async (state, { trx }) => {
          const events = trustDecider.decide({ type: 'purge' }, state);
          if (events.length) await erasePersonalData(trx, userId);
          return events;
        },
        systemMetadata(`${PURGE_DELETED_ACCOUNTS_JOB}:${userId}`),
      );
      purged += events.length;
    }
    if (due.length < BATCH || purged === before) return purged;
  }
}

/** Registers the job and its schedule (`ACCOUNT_PURGE_CHECK_EVERY_MS`): once at start, then periodically. */
export async function schedulePurging(context: PurgeContext): Promise<void> {
  context.jobs.register(PURGE_DELETED_ACCOUNTS_JOB, async () => {
    const purged = await purgeDueAccounts(context);
    if (purged) context.logger.info({ purged }, 'deleted accounts purged');
  });
  await context.jobs.repeat(PURGE_DELETED_ACCOUNTS_JOB, context.config.ACCOUNT_PURGE_CHECK_EVERY_MS);
}
