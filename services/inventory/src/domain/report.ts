import { CATEGORIES, type Category } from '@tapinti/contracts/announcements-api';
import { DAY_MS, startOfBakuMonth } from '@tapinti/contracts/baku-calendar';
import { DISPOSAL_WAYS, type DisposalWay } from '@tapinti/contracts/inventory-events';
import {
  addMonths,
  monthsOf,
  type ReportFigures,
  type ReportPeriod,
} from '@tapinti/contracts/inventory-reports-api';

/** What a report reads of an item: its category and the instants it came in and left. */
export interface ReportItem {
  organizationId: string;
  category: Category;
  loggedAt: Date;
  returnedAt: Date | null;
  disposedAt: Date | null;
  disposalWay: DisposalWay | null;
}

/** The period `from`–`to` (months, both included) as the instants it spans. */
export function periodOf(from: string, to: string): ReportPeriod {
  return {
    from,
    to,
    startsAt: startOfBakuMonth(from).toISOString(),
    endsAt: startOfBakuMonth(addMonths(to, 1)).toISOString(),
  };
}

const within = (at: Date | null, start: Date, end: Date): at is Date => !!at && at >= start && at < end;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * The figures of `items` for [start, end): counted by the instant of each act (logged, returned,
 * disposed of) inside it; `held` is what was in the venue's keeping at `end`, or at `now` when the
 * period has not ended yet. The return rate is returned / (returned + disposed); the median is of
 * the days from intake to return of the items returned inside it, to one decimal.
 */
export function figuresOf(items: readonly ReportItem[], start: Date, end: Date, now: Date): ReportFigures {
  const heldAt = end < now ? end : now;
  const disposedByWay = Object.fromEntries(DISPOSAL_WAYS.map((w) => [w, 0])) as Record<DisposalWay, number>;
  let logged = 0;
  let held = 0;
  const daysToReturn: number[] = [];
  for (const item of items) {
    if (within(item.loggedAt, start, end)) logged += 1;
    if (within(item.returnedAt, start, end))
      daysToReturn.push((item.returnedAt.getTime() - item.loggedAt.getTime()) / DAY_MS);
    if (within(item.disposedAt, start, end) && item.disposalWay) disposedByWay[item.disposalWay] += 1;
    const gone = (at: Date | null) => !!at && at < heldAt;
    if (item.loggedAt < heldAt && !gone(item.returnedAt) && !gone(item.disposedAt)) held += 1;
  }
  const returned = daysToReturn.length;
  const disposed = Object.values(disposedByWay).reduce((a, b) => a + b, 0);
  const days = median(daysToReturn);
  return {
    logged,
    returned,
    disposed,
    disposedByWay,
    held,
    returnRate: returned + disposed ? returned / (returned + disposed) : null,
    medianDaysToReturn: days === null ? null : oneDecimal(days),
  };
}

/** The period's totals, each of its months and each category. */
export function reportOf(items: readonly ReportItem[], period: ReportPeriod, now: Date) {
  const start = new Date(period.startsAt);
  const end = new Date(period.endsAt);
  return {
    period,
    totals: figuresOf(items, start, end, now),
    months: monthsOf(period.from, period.to).map((month) => ({
      month,
      ...figuresOf(items, startOfBakuMonth(month), startOfBakuMonth(addMonths(month, 1)), now),
    })),
    categories: CATEGORIES.map((category) => ({
      category,
      ...figuresOf(
        items.filter((i) => i.category === category),
        start,
        end,
        now,
      ),
    })),
  };
}
