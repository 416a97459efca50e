import type { ServiceContext, Worker } from '@tapinti/runtime/service-module';
import { createDispatcher } from './dispatcher';
import { remindDue, REMINDERS_JOB } from './reminders';
import {
  alertSavedSearches,
  SAVED_SEARCH_ALERTS_EVERY_MS,
  SAVED_SEARCH_ALERTS_JOB,
} from './saved-search-alerts';
import { registerSender } from './send-notification';

/** How often the dispatcher looks for e-mail rows it was not nudged about. */
const DISPATCH_POLL_MS = 1000;

/**
 * The notifications worker: the `send-notification` handler, the repeated reminders job (every
 * `ARCHIVE_CHECK_EVERY_MS`, and once at start), the saved searches' alerts job (every second), the start-up sweep that hands every pending row to
 * the queue again (the memory queue's jobs die with the process; BullMQ's ids make it harmless),
 * and the dispatcher that hands new rows over as consumers and reminders commit them.
 */
export async function startNotificationsWorker(context: ServiceContext): Promise<Worker> {
  const dispatcher = createDispatcher(context, context);
  registerSender(context);
  context.jobs.register(REMINDERS_JOB, async () => {
    const emails = await remindDue(context);
    if (emails) {
      context.logger.info({ emails }, 'reminders written');
      dispatcher.nudge();
    }
  });
  context.jobs.register(SAVED_SEARCH_ALERTS_JOB, async () => {
    if (await alertSavedSearches(context)) dispatcher.nudge();
  });
  const swept = await dispatcher.sweep();
  if (swept) context.logger.info({ swept }, 'pending notifications handed to the queue again');
  await context.jobs.repeat(REMINDERS_JOB, context.config.ARCHIVE_CHECK_EVERY_MS);
  await context.jobs.repeat(SAVED_SEARCH_ALERTS_JOB, SAVED_SEARCH_ALERTS_EVERY_MS);
  dispatcher.start(DISPATCH_POLL_MS);
  return {
    async stop() {
      await dispatcher.stop();
    },
  };
}
