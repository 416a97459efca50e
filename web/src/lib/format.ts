const dateFormat = new Intl.DateTimeFormat('az-AZ', { day: '2-digit', month: '2-digit', year: 'numeric' });
const numberFormat = new Intl.NumberFormat('az-AZ', { maximumFractionDigits: 0 });

/** Cards: az-AZ, 2-digit day and month, numeric year (spec §9), e.g. 05.03.2025. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Whole AZN, e.g. 1 250 AZN. */
export function formatAzn(amount: number): string {
  return `${numberFormat.format(amount)} AZN`;
}
