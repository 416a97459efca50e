import { subscriptionStreamId } from '@tapinti/contracts/organizations-events';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { bakuDay } from '@tapinti/contracts/baku-calendar';
import { subscriptionDecider } from '../domain/subscription';
import { runningEndingBy } from '../store/queries';

/** One repeated job expires whatever subscription reached its end date; nothing is kept in the queue. */
export const EXPIRE_DUE_JOB = 'expire-due-subscriptions';
const PAGE = 500;

type ExpireContext = Pick<EventSourcedContext, 'es' | 'clock' | 'knex'>;

/**
 * Expires every running subscription whose end date (a Baku day) has come. Each goes through the
 * command handler on its own stream, so two runs at once expire it once.
 */
export async function expireDue(context: ExpireContext): Promise<number> {
  const expire = createCommandHandler(context.es, subscriptionDecider);
  const now = context.clock();
  const today = bakuDay(now);
  let expired = 0;
  let after: { id: string; endDate: string } | undefined;
  for (;;) {
    const page = await runningEndingBy(context.knex, today, { after, limit: PAGE });
    for (const row of page) {
      const { events } = await expire.handle(
        subscriptionStreamId(row.id),
        (state) => subscriptionDecider.decide({ type: 'expire', today, now }, state),
        systemMetadata(`${EXPIRE_DUE_JOB}:${row.id}`),
      );
      expired += events.length;
    }
    if (page.length < PAGE) return expired;
    after = page[page.length - 1];
  }
}

/** Registers the job and its schedule (`SUBSCRIPTION_CHECK_EVERY_MS`): once at start, then periodically. */
export async function scheduleSubscriptionExpiry(
  context: ExpireContext & Pick<EventSourcedContext, 'jobs' | 'config' | 'logger'>,
): Promise<void> {
  context.jobs.register(EXPIRE_DUE_JOB, async () => {
    const expired = await expireDue(context);
    if (expired) context.logger.info({ expired }, 'subscriptions past their end date expired');
  });
  await context.jobs.repeat(EXPIRE_DUE_JOB, context.config.SUBSCRIPTION_CHECK_EVERY_MS);
}
