import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { useUser } from '../../auth/api/get-user';

const AnnouncementDetailsModal = lazy(() => import('./announcement-details-modal'));
const LoginModal = lazy(() => import('../../auth/components/login-modal'));

export interface ViewerOptions {
  /** What a visitor's click does: the login modal (home), or a custom action such as going to /auth. */
  onVisitor?: 'login-modal' | ((announcement: PublicAnnouncement) => void);
}

/**
 * A click on a card: a signed-in user gets the details (with contact info) in a dialog; a visitor
 * gets the login modal, or whatever the page asks for. The dialogs load on first use.
 */
export function useAnnouncementViewer({ onVisitor = 'login-modal' }: ViewerOptions = {}) {
  const { user } = useUser();
  const [selected, setSelected] = useState<PublicAnnouncement | null>(null);
  const [loginOpen, setLoginOpen] = useState(false);

  const open = (announcement: PublicAnnouncement) => {
    if (user) setSelected(announcement);
    else if (onVisitor === 'login-modal') setLoginOpen(true);
    else onVisitor(announcement);
  };

  const dialogs: ReactNode = (
    <Suspense fallback={null}>
      {selected && user && (
        <AnnouncementDetailsModal
          id={selected.id}
          fallbackTitle={selected.title}
          onClose={() => setSelected(null)}
        />
      )}
      {loginOpen && !user && <LoginModal open onClose={() => setLoginOpen(false)} />}
    </Suspense>
  );

  return { open, dialogs, signedIn: !!user, openLogin: () => setLoginOpen(true) };
}
