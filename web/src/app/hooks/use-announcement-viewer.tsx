import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { useAnnouncementDetailsDialog } from '../../features/announcements/components/use-details-dialog';
import { useUser } from '../../features/auth/api/get-user';
import { useLoginSuccess } from './use-auth-success';

const LoginModal = lazy(() => import('../../features/auth/components/login-modal'));

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
  const [loginOpen, setLoginOpen] = useState(false);
  const onLoggedIn = useLoginSuccess();
  const details = useAnnouncementDetailsDialog({
    signedIn: !!user,
    onVisitor: onVisitor === 'login-modal' ? () => setLoginOpen(true) : onVisitor,
  });

  const dialogs: ReactNode = (
    <>
      {details.dialog}
      <Suspense fallback={null}>
        {loginOpen && !user && <LoginModal open onClose={() => setLoginOpen(false)} onSuccess={onLoggedIn} />}
      </Suspense>
    </>
  );

  return { open: details.open, dialogs, signedIn: !!user };
}
