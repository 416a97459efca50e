import { msg } from '../../lib/i18n';

/** Baku weekdays 1 (Monday) … 7 (Sunday), short. */
export const WEEKDAY_LABELS = [
  msg('B.e.'),
  msg('Ç.a.'),
  msg('Ç.'),
  msg('C.a.'),
  msg('C.'),
  msg('Ş.'),
  msg('B.'),
] as const;
