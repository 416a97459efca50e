import {
  NOTIFICATION_RANGE_DAYS,
  NOTIFICATION_RANGES,
  type NotificationRange,
} from '@tapinti/contracts/notifications-api';
import { msg } from './i18n';

/** The dashboard's date filter (spec §2): 1d, 7d, 30d (default), 90d, all. */
export const DATE_RANGES = NOTIFICATION_RANGES;
export type DateRange = NotificationRange;
export const DEFAULT_RANGE: DateRange = '30d';

export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  '1d': msg('Son 1 gün'),
  '7d': msg('Son 7 gün'),
  '30d': msg('Son 30 gün'),
  '90d': msg('Son 90 gün'),
  all: msg('Bütün vaxt'),
};

/** Where a range starts (undefined: all time), as of `now`. */
export function rangeStart(range: DateRange, now = new Date()): Date | undefined {
  const days = NOTIFICATION_RANGE_DAYS[range];
  return days === null ? undefined : new Date(now.getTime() - days * 24 * 3600 * 1000);
}

/** Whether an ISO time falls in the range. */
export function inRange(iso: string, range: DateRange, now = new Date()): boolean {
  const start = rangeStart(range, now);
  return !start || new Date(iso).getTime() >= start.getTime();
}
