import type { ServiceContext } from '@tapinti/runtime/service-module';
import { digestConversationMessages } from '../application/conversation-triggers';
import { notify, organizationRecipients } from '../application/notify';
import { addDays, bakuDay, bakuHour, daysBetween, startOfBakuDay } from '@tapinti/contracts/baku-calendar';
import { DISPOSAL_QUEUE_HORIZON_DAYS } from '@tapinti/contracts/inventory-api';
import { archiveAtOf, archiveReminderWindow, subscriptionReminderWindow } from '../domain/reminders';
import * as templates from '../domain/templates';
import {
  findOrganization,
  inventoryItemsDueBefore,
  openAnnouncementsWithout,
  organizationMembers,
  subscriptionsEndingWithout,
} from '../store/directory';

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

  if (bakuHour(now) >= context.config.INVENTORY_DIGEST_HOUR) emails += await digestInventoryDue(context, now);
  emails += await digestConversationMessages(context.knex, now);
  return emails;
}

/**
 * The lost-property offices' daily digest: each organisation with held items due for disposal
 * within 3 Baku days (or overdue) gets one e-mail a Baku day to its admins and staff, written by
 * the first run at or after `INVENTORY_DIGEST_HOUR` (08:00 Baku by default: when the office opens,
 * with the night's changes in). Its subject is the
 * organisation and the day, so later runs that day, or two instances, write nothing more; an
 * organisation with nothing due gets nothing.
 */
async function digestInventoryDue(context: ReminderContext, now: Date): Promise<number> {
  const today = bakuDay(now);
  const due = await inventoryItemsDueBefore(
    context.knex,
    startOfBakuDay(addDays(today, DISPOSAL_QUEUE_HORIZON_DAYS + 1)),
  );
  const byOrganization = new Map<string, typeof due>();
  for (const item of due)
    byOrganization.set(item.organizationId, [...(byOrganization.get(item.organizationId) ?? []), item]);
  if (!byOrganization.size) return 0;
  let emails = 0;
  await context.knex.transaction(async (trx) => {
    for (const [organizationId, items] of byOrganization) {
      const members = await organizationMembers(trx, organizationId);
      const draft = templates.inventoryDisposalDigest({
        organizationId,
        organizationName: (await findOrganization(trx, organizationId))?.name ?? null,
        day: today,
        items: items.map((i) => ({ ...i, daysLeft: daysBetween(today, bakuDay(i.disposeAfter)) })),
      });
      emails += await notify(
        trx,
        draft,
        members.map((m) => ({ userId: m.userId })),
        now,
      );
    }
  });
  return emails;
}
