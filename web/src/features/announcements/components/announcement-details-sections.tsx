import type { ReactNode } from 'react';
import type { AnnouncementDetails, PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { AnnouncementContact } from './announcement-body';
import { AnnouncementMatches } from './announcement-matches';

export interface AnnouncementDetailsSectionsProps {
  announcement: AnnouncementDetails;
  /** The viewer's buttons (claim or their claim, report, edit), given the loaded announcement. */
  actions?: (announcement: AnnouncementDetails) => ReactNode;
  /** Whether the viewer manages this announcement: then its matches are listed. */
  showMatches?: (announcement: AnnouncementDetails) => boolean;
  /** "Ətraflı bax" on one of the matches. */
  onOpenMatch?: (announcement: PublicAnnouncement) => void;
  /** Between the contact and the actions (the dialog's link to the announcement's own page). */
  children?: ReactNode;
}

/**
 * What a signed-in viewer gets under an announcement, the same in its details dialog and on its own
 * page (/elan/:id): how to reach the author, the viewer's actions, and the matches for its manager.
 */
export function AnnouncementDetailsSections({
  announcement: a,
  actions,
  showMatches,
  onOpenMatch,
  children,
}: AnnouncementDetailsSectionsProps) {
  return (
    <>
      <AnnouncementContact contactInfo={a.contactInfo} />
      {children}
      {actions?.(a)}
      {onOpenMatch && showMatches?.(a) && <AnnouncementMatches id={a.id} onOpen={onOpenMatch} />}
    </>
  );
}
