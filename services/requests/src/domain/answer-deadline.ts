import { addDays, bakuDay, startOfBakuDay } from '@tapinti/contracts/baku-calendar';
import type { SubscriptionPlan, WorkingHoursV1 } from '@tapinti/contracts/organizations-events';
import { FALLBACK_PLAN } from '@tapinti/contracts/plans-api';
import { ANSWER_DEADLINE_HOURS } from '@tapinti/contracts/venues-api';

/** What this service knows of an organisation for its deadlines (from `organizations.events`). */
export interface VenueTerms {
  plan: SubscriptionPlan | null;
  workingHours: WorkingHoursV1 | null;
  pausesOutsideHours: boolean;
}

export interface AnswerDeadline {
  plan: SubscriptionPlan;
  deadlineHours: number;
  remindAt: Date;
  dueAt: Date;
}

/** A week never has more working time than this many days to look through (a year). */
const MAX_DAYS = 366;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** 1 Monday … 7 Sunday of a Baku calendar day. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/**
 * `start` plus `durationMs` of the desk's working time: the clock runs only on its working days
 * between opening and closing (Baku time) and stands still otherwise.
 */
export function addWorkingTime(start: Date, durationMs: number, hours: WorkingHoursV1): Date {
  let remaining = durationMs;
  let day = bakuDay(start);
  for (let i = 0; i < MAX_DAYS; i++, day = addDays(day, 1)) {
    if (!hours.days.includes(weekdayOf(day))) continue;
    const midnight = startOfBakuDay(day).getTime();
    const opens = midnight + minutesOf(hours.opensAt) * 60_000;
    const closes = midnight + minutesOf(hours.closesAt) * 60_000;
    const from = Math.max(opens, start.getTime());
    if (from >= closes) continue;
    if (remaining <= closes - from) return new Date(from + remaining);
    remaining -= closes - from;
  }
  return new Date(start.getTime() + durationMs);
}

/**
 * A claim's deadline: the plan's hours (`hourMs` long each: an hour, or less on a test platform),
 * from filing; the clock paused outside working hours when the organisation says so. The reminder
 * falls at half of it, on the same clock.
 */
export function answerDeadlineOf(filedAt: Date, terms: VenueTerms | null, hourMs: number): AnswerDeadline {
  const plan = terms?.plan ?? FALLBACK_PLAN;
  const deadlineHours = ANSWER_DEADLINE_HOURS[plan];
  const durationMs = deadlineHours * hourMs;
  const hours = terms?.pausesOutsideHours ? terms.workingHours : null;
  const after = (ms: number) =>
    hours ? addWorkingTime(filedAt, ms, hours) : new Date(filedAt.getTime() + ms);
  return { plan, deadlineHours, remindAt: after(durationMs / 2), dueAt: after(durationMs) };
}
