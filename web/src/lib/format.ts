const dateFormat = new Intl.DateTimeFormat('az-AZ', { day: '2-digit', month: '2-digit', year: 'numeric' });

/**
 * Cards: az-AZ, 2-digit day and month, numeric year (spec §9), e.g. 05.03.2025. The parts come
 * from Intl; they are joined with the az-AZ separator here because some browsers' reduced ICU data
 * (Chromium's) lack the az pattern and would print 2025-03-05.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = dateFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

/** Whole AZN with thin, unambiguous grouping, e.g. 1 250 AZN (a no-break space, same in every browser). */
export function formatAzn(amount: number): string {
  const whole = Math.round(amount);
  const digits = Math.abs(whole)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${whole < 0 ? '-' : ''}${digits} AZN`;
}
