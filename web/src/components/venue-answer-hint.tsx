import type { VenueSummary } from '@tapinti/contracts/venue-summary';
import { Muted } from './ui/layout';
import { useT } from '../lib/i18n';
import { answerTimeText } from '../lib/venues';

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
