import { useDeferredValue, type ReactNode } from 'react';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { EmptyState } from '../../../components/ui/layout';
import { AnnouncementGridSkeleton } from './announcement-grid-skeleton';
import { AnnouncementGrid } from './announcement-grid';
import { AnnouncementLoadError } from './announcement-load-error';

export interface AnnouncementResultsProps {
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  /** What the page shows once loaded (after its own filters); undefined while nothing has arrived. */
  announcements: readonly PublicAnnouncement[] | undefined;
  loadingText: string;
  /** The empty state's content. */
  empty: ReactNode;
  /** Above the grid when there is something to show, e.g. a count. */
  header?: ReactNode;
  label: string;
  signedIn: boolean;
  onOpen: (announcement: PublicAnnouncement) => void;
  /** The card to highlight (the one just posted). */
  highlightId?: string;
}

/** A loaded announcement list: loading, load error with retry, empty state or the grid. */
export function AnnouncementResults({
  isLoading,
  error,
  onRetry,
  announcements,
  loadingText,
  empty,
  header,
  label,
  signedIn,
  onOpen,
  highlightId,
}: AnnouncementResultsProps) {
  // The cards are rendered in a transition (short slices the browser can interrupt), not in the
  // same task as the answer's arrival: the skeleton stays until the first list is ready.
  const shown = useDeferredValue(announcements);
  return (
    <>
      {(isLoading || (!shown && !!announcements)) && <AnnouncementGridSkeleton label={loadingText} />}
      {!!error && !isLoading && <AnnouncementLoadError error={error} onRetry={onRetry} />}
      {shown && !error && shown.length === 0 && <EmptyState>{empty}</EmptyState>}
      {shown && !error && shown.length > 0 && (
        <>
          {header}
          <AnnouncementGrid
            announcements={shown}
            signedIn={signedIn}
            onOpen={onOpen}
            label={label}
            highlightId={highlightId}
          />
        </>
      )}
    </>
  );
}
