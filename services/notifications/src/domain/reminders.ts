import { bakuDay, DAY_MS } from '@tapinti/contracts/baku-calendar';

/** The reminder before an announcement is archived goes this long before its archiving time. */
export const ARCHIVE_REMINDER_LEAD_MS = 3 * DAY_MS;
/** The reminder before a subscription ends goes this many days before its end date. */
export const SUBSCRIPTION_REMINDER_DAYS = 7;

/**
 * Open announcements due a reminder at `now`: archived at `createdAt + periodMs`, reminded once
 * that is at most 3 days away and not yet past (a period shorter than 3 days reminds at once).
 * Returns the bounds on `createdAt`: after `createdAfter` (not yet due for archiving) and up to
 * `createdUpTo` (within 3 days of it).
 */
export function archiveReminderWindow(
  now: Date,
  periodMs: number,
): { createdAfter: Date; createdUpTo: Date } {
  return {
    createdAfter: new Date(now.getTime() - periodMs),
    createdUpTo: new Date(now.getTime() - periodMs + ARCHIVE_REMINDER_LEAD_MS),
  };
}

export function archiveAtOf(createdAt: Date, periodMs: number): Date {
  return new Date(createdAt.getTime() + periodMs);
}

/**
 * Subscriptions due a reminder on Baku's calendar day at `now`: ending today or within the next
 * 7 days (`YYYY-MM-DD` bounds, inclusive).
 */
export function subscriptionReminderWindow(now: Date): { today: string; endFrom: string; endTo: string } {
  const today = bakuDay(now);
  const endTo = new Date(Date.parse(`${today}T00:00:00Z`) + SUBSCRIPTION_REMINDER_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  return { today, endFrom: today, endTo };
}
