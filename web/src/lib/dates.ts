import { formatLocalDate } from './format';
import { currentLanguage } from './i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day in the browser's time zone as `YYYY-MM-DD` (date inputs, API days). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The same wall-clock time `days` later (calendar days, across month ends). */
export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** `YYYY-MM-DD` as dd.MM.yyyy (the az-AZ order the cards use; EN/RU their own), without a time zone shift. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (match && currentLanguage() !== 'az')
    return formatLocalDate(new Date(+match[1]!, +match[2]! - 1, +match[3]!));
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}

/** Date and time as dd.MM.yyyy HH:mm in the browser's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (currentLanguage() !== 'az') return formatLocalDate(date, true);
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
