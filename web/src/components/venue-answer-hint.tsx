import type { VenueSummary } from '@tapinti/contracts/venue-summary';
import { Muted } from './ui/layout';
import { useT } from '../lib/i18n';

/**
 * Issue 26, before claiming and on the venue page: how fast the venue answers — its median first
 * answer of the last 90 days, else the deadline its plan holds it to.
 */
export function VenueAnswerHint({ venue }: { venue: VenueSummary }) {
  const t = useT();
  return (
    <Muted>
      {venue.medianFirstAnswerMinutes === null
        ? t('Bu məkan iddialara {hours} saat ərzində cavab verməlidir', { hours: venue.answerDeadlineHours })
        : t('Bu məkan adətən {time} ərzində cavab verir', {
            time: answerTimeText(t, venue.medianFirstAnswerMinutes),
          })}
    </Muted>
  );
}

/**
 * "this venue usually answers within …": minutes as the largest whole unit that fits (here, not in
 * lib/venues.ts: the home page's cards load that one).
 */
export function answerTimeText(
  t: (key: string, vars?: Record<string, string | number>) => string,
  minutes: number,
): string {
  if (minutes < 60) return t('{count} dəqiqə', { count: Math.max(1, minutes) });
  if (minutes < 48 * 60) return t('{count} saat', { count: Math.round(minutes / 60) });
  return t('{count} gün', { count: Math.round(minutes / (24 * 60)) });
}
