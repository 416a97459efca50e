/**
 * Days and times as people in Baku read them: Azerbaijan keeps UTC+4 all year (no daylight saving
 * since 2016), so "today" and a day's start are fixed-offset sums; days are `YYYY-MM-DD`, written
 * `dd.mm.yyyy` as the az-AZ locale does.
 */
const BAKU_OFFSET_MS = 4 * 3600 * 1000;
export const DAY_MS = 24 * 3600 * 1000;

/** The calendar day (`YYYY-MM-DD`) it is in Baku at `at`. */
export function bakuDay(at: Date): string {
  return new Date(at.getTime() + BAKU_OFFSET_MS).toISOString().slice(0, 10);
}

/** The hour of the day (0–23) it is in Baku at `at`. */
export function bakuHour(at: Date): number {
  return new Date(at.getTime() + BAKU_OFFSET_MS).getUTCHours();
}

/** The calendar month (`YYYY-MM`) it is in Baku at `at`. */
export const bakuMonth = (at: Date): string => bakuDay(at).slice(0, 7);

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The instant `day` starts in Baku. */
export function startOfBakuDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - BAKU_OFFSET_MS);
}

/** The instant `month` (`YYYY-MM`) starts in Baku. */
export const startOfBakuMonth = (month: string): Date => startOfBakuDay(`${month}-01`);

/** `YYYY-MM-DD` → `dd.mm.yyyy`. */
export function formatDay(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
}

/** An instant as `dd.mm.yyyy HH:MM`, Baku time. */
export function formatDateTime(at: Date): string {
  const local = new Date(at.getTime() + BAKU_OFFSET_MS).toISOString();
  return `${formatDay(local.slice(0, 10))} ${local.slice(11, 16)}`;
}
