import type { PlaceSummary } from '@tapinti/contracts/announcements-api';
import { Badge } from '../../../components/ui/badge';
import { PinIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';
import { usePlaceName } from '../../../lib/place-name';

/** The gazetteer place an announcement's location names (issue 24), when it names one. */
export function PlaceChip({ place }: { place: PlaceSummary | null | undefined }) {
  const t = useT();
  const nameOf = usePlaceName();
  if (!place) return null;
  return (
    <Badge $tone="accent" data-testid="place-chip" title={t('Məkan')}>
      <PinIcon size={12} /> {nameOf(place)}
    </Badge>
  );
}
