import { currentLanguage, currentLocale } from './i18n';

/**
 * English and Russian dates name the month ("5 Mar 2025", "5 мар. 2025 г."): 05/03/2025 reads as
 * May 3 to many English readers.
 */
export function formatLocalDate(date: Date, withTime = false): string {
  return new Intl.DateTimeFormat(currentLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  }).format(date);
}

/**
 * Cards: az-AZ, 2-digit day and month, numeric year (spec §9), e.g. 05.03.2025, in the device's
 * time zone. Built from the date's own fields, not Intl: some browsers' reduced ICU data (Chromium's)
 * lack the az pattern (2025-03-05), and an az-AZ Intl formatter built at import (ICU locale data) was
 * the most expensive module body of the home page's first load on a phone (CPU 4× slower).
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (currentLanguage() !== 'az') return formatLocalDate(date);
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${twoDigits(date.getDate())}.${twoDigits(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/**
 * Whole AZN with thin, unambiguous grouping, e.g. 1 250 AZN (a no-break space, same in every
 * browser); in English and Russian grouped as there (1,250 AZN; 1 250 AZN).
 */
export function formatAzn(amount: number): string {
  return `${formatWhole(Math.round(amount))} AZN`;
}

/** A whole number grouped as `formatAzn` groups it (10 000; 10,000 in English). */
function formatWhole(whole: number): string {
  if (currentLanguage() !== 'az') return formatNumber(whole);
  const digits = Math.abs(whole)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${whole < 0 ? '-' : ''}${digits}`;
}

/** A list's total: exact, or "at least" when the server counted only so far ('10 000+'). */
export function formatTotal(total: number, capped: boolean): string {
  return capped ? `${formatWhole(total)}+` : String(total);
}

/** A number in the chosen language's notation. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 2 }).format(value);
}
