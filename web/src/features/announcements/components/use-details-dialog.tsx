import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { AnnouncementDetails, PublicAnnouncement } from '@tapinti/contracts/announcements-api';

const AnnouncementDetailsModal = lazy(() => import('./announcement-details-modal'));

export interface DetailsDialogOptions {
  /** Only a signed-in user gets the details (they carry the contact info). */
  signedIn: boolean;
  /** What a visitor's click does instead (the login modal, going to /auth…): the caller decides. */
  onVisitor: (announcement: PublicAnnouncement) => void;
  /** Buttons under the loaded details (the page composes them, e.g. the claim button). */
  actions?: (announcement: AnnouncementDetails) => ReactNode;
  /** Whether the viewer manages an announcement: its details then list its matches, each opening here. */
  showMatches?: (announcement: AnnouncementDetails) => boolean;
}

/** A click on a card opens its details in a dialog (loaded on first use), or hands a visitor to the caller. */
export function useAnnouncementDetailsDialog({
  signedIn,
  onVisitor,
  actions,
  showMatches,
}: DetailsDialogOptions) {
  const [selected, setSelected] = useState<PublicAnnouncement | null>(null);

  const open = (announcement: PublicAnnouncement) => {
    if (signedIn) setSelected(announcement);
    else onVisitor(announcement);
  };

  const dialog: ReactNode = (
    <Suspense fallback={null}>
      {selected && signedIn && (
        <AnnouncementDetailsModal
          id={selected.id}
          fallbackTitle={selected.title}
          onClose={() => setSelected(null)}
          actions={actions}
          showMatches={showMatches}
          onOpenMatch={open}
        />
      )}
    </Suspense>
  );

  return { open, dialog, close: () => setSelected(null) };
}
