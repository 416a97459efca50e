import type { ServiceContext } from '@tapinti/runtime/service-module';
import { notify, organizationRecipients } from '../application/notify';
import { daysBetween } from '@tapinti/contracts/baku-calendar';
import { archiveAtOf, archiveReminderWindow, subscriptionReminderWindow } from '../domain/reminders';
import * as templates from '../domain/templates';
import { findOrganization, openAnnouncementsWithout, subscriptionsEndingWithout } from '../store/directory';

/** One repeated job writes every reminder that has fallen due; nothing per reminder sits in the queue. */
export const REMINDERS_JOB = 'notification-reminders';
const PAGE = 200;
const SUBSCRIPTIONS_PER_RUN = 1000;

type ReminderContext = Pick<ServiceContext, 'knex' | 'clock' | 'config'>;

/**
 * Writes the reminders due now, from the directory: 3 days before an open announcement is
 * archived (its creation or latest renewal + `ANNOUNCEMENT_ARCHIVE_AFTER_MS`) to its author, once per period, and 7 days before a
 * subscription's end date to the organisation's admins. Each reminder is written once (a row of
 * its type about that subject is looked for, and the dedupe key backs it), so runs on two
 * instances, or a slow run overtaken by the next, remind once. Returns the e-mails written.
 */
export async function remindDue(context: ReminderContext): Promise<number> {
  const now = context.clock();
  const period = context.config.ANNOUNCEMENT_ARCHIVE_AFTER_MS;
  let emails = 0;

  const window = archiveReminderWindow(now, period);
  let previousFirst: string | undefined;
  for (;;) {
    const due = await openAnnouncementsWithout(
      context.knex,
      'announcement-archive-reminder',
      { after: window.createdAfter, upTo: window.createdUpTo },
      PAGE,
    );
    // Each page is reminded (its author always gets the in-app row), so the next one is new.
    if (due.length === 0 || due[0]!.announcementId === previousFirst) break;
    previousFirst = due[0]!.announcementId;
    await context.knex.transaction(async (trx) => {
      for (const a of due) {
        const draft = templates.announcementArchiveReminder({
          announcementId: a.announcementId,
          title: a.title,
          type: a.type,
          archiveAt: archiveAtOf(a.periodStartedAt, period),
        });
        // About this period: a renewed announcement is reminded once again in its new one.
        emails += await notify(trx, { ...draft, subjectId: a.periodSubjectId }, [{ userId: a.userId }], now);
      }
    });
    if (due.length < PAGE) break;
  }

  // One pass: a subscription with no one to tell yet (no admin, no organisation known) stays due
  // and is looked at again by the next run.
  const { today, endFrom, endTo } = subscriptionReminderWindow(now);
  const due = await subscriptionsEndingWithout(
    context.knex,
    'subscription-expiring',
    { from: endFrom, to: endTo },
    SUBSCRIPTIONS_PER_RUN,
  );
  if (due.length)
    await context.knex.transaction(async (trx) => {
      for (const s of due) {
        const organization = await findOrganization(trx, s.organizationId);
        const draft = templates.subscriptionExpiring({
          subscriptionId: s.subscriptionId,
          organizationId: s.organizationId,
          organizationName: organization?.name ?? 'Təşkilat',
          plan: s.plan,
          endDate: s.endDate,
          daysLeft: daysBetween(today, s.endDate),
        });
        const recipients = await organizationRecipients(trx, organization, s.organizationId);
        emails += await notify(trx, draft, recipients, now);
      }
    });
  return emails;
}
