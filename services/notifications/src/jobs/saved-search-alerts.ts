import type { ServiceContext } from '@tapinti/runtime/service-module';
import { emailDueAlerts, matchNewAnnouncements } from '../application/saved-search-alerts';

/**
 * One repeated job matches the new announcements against the saved searches and writes the
 * e-mails that fell due (the hourly throttle, the daily digest): nothing per alert sits in the
 * queue, and a run on two instances, or one overtaken by the next, writes each thing once.
 */
export const SAVED_SEARCH_ALERTS_JOB = 'saved-search-alerts';
/** How often it runs: a new announcement's in-app alert comes within about this long (an idle stack pays a query pair per run). */
export const SAVED_SEARCH_ALERTS_EVERY_MS = 5000;

/** Runs one pass; resolves with how many e-mail rows it wrote. */
export async function alertSavedSearches(context: Pick<ServiceContext, 'knex' | 'clock' | 'logger'>) {
  const hits = await matchNewAnnouncements(context);
  const emails = await emailDueAlerts(context);
  if (hits || emails) context.logger.info({ hits, emails }, 'saved-search alerts written');
  return emails;
}
