import type { ReactNode } from 'react';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { Grid } from '../../../components/ui/layout';
import { AnnouncementCard } from './announcement-card';

export interface AnnouncementGridProps {
  announcements: readonly PublicAnnouncement[];
  signedIn: boolean;
  onOpen: (announcement: PublicAnnouncement) => void;
  label?: string;
  /** Under each card, outside it (a click there does not open the details): e.g. the author's actions. */
  renderFooter?: (announcement: PublicAnnouncement) => ReactNode;
  /** The card to highlight (the one just posted). */
  highlightId?: string;
}

/** The cards of the first row (at most 3 columns) are above the fold: their pictures load at once. */
const EAGER_CARDS = 3;

/** 1, 2 or 3 columns by screen width. */
export function AnnouncementGrid({
  announcements,
  signedIn,
  onOpen,
  label = 'Elanlar',
  renderFooter,
  highlightId,
}: AnnouncementGridProps) {
  return (
    <Grid role="list" aria-label={label}>
      {announcements.map((a, index) => (
        <div role="listitem" key={a.id} style={{ display: 'flex', minWidth: 0 }}>
          <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <AnnouncementCard
              announcement={a}
              signedIn={signedIn}
              onOpen={onOpen}
              eager={index < EAGER_CARDS}
              highlighted={a.id === highlightId}
            />
            {renderFooter?.(a)}
          </div>
        </div>
      ))}
    </Grid>
  );
}
