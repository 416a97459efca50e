/**
 * Calendar days of subscriptions (`YYYY-MM-DD`) are days in Baku: Azerbaijan keeps UTC+4 all
 * year (no daylight saving since 2016), so "today" and a day's start are fixed-offset sums.
 */
const BAKU_OFFSET_MS = 4 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The day it is in Baku at `now`. */
export function bakuDay(now: Date): string {
  return new Date(now.getTime() + BAKU_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant `day` starts in Baku. */
export function startOfBakuDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - BAKU_OFFSET_MS);
}

/** `dd.mm.yyyy HH:MM` in Baku time, as dates are written in az-AZ. */
export function formatBakuDateTime(at: Date): string {
  const local = new Date(at.getTime() + BAKU_OFFSET_MS).toISOString();
  return `${local.slice(8, 10)}.${local.slice(5, 7)}.${local.slice(0, 4)} ${local.slice(11, 16)}`;
}
