import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { AnnouncementDetails, PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { isOrganizationMember } from '@tapinti/contracts/roles';
import { Button, ButtonLink } from '../../components/ui/button';
import { editAnnouncementPath } from '../../features/announcements/paths';
import { useToast } from '../../components/ui/toast';
import { useAnnouncementDetailsDialog } from '../../features/announcements/components/use-details-dialog';
import { useUser } from '../../features/auth/api/get-user';
import type { ClaimTarget } from '../../features/requests/claim-action';
import { useLoginSuccess } from './use-auth-success';
import { useT } from '../../lib/i18n';

const ClaimOrOwnClaim = lazy(() => import('./claim-or-own-claim'));
const LoginModal = lazy(() => import('../../features/auth/components/login-modal'));
const ClaimDialog = lazy(() => import('../../features/requests/components/claim-dialog'));
const ReportDialog = lazy(() => import('../../features/moderation/components/report-dialog'));

export interface ViewerOptions {
  /** What a visitor's click does: the login modal (home), or a custom action such as going to /auth. */
  onVisitor?: 'login-modal' | ((announcement: PublicAnnouncement) => void);
}

/** Who manages an announcement (and so sees its matches): its author, or its organisation's admins and staff. */
export function managesAnnouncement(user: ClientUser | null, a: AnnouncementDetails): boolean {
  if (!user) return false;
  if (a.userId === user.id) return true;
  return !!a.organizationId && isOrganizationMember(user.role) && user.organizationId === a.organizationId;
}

/**
 * A click on a card: a signed-in user gets the details (with contact info) in a dialog, with
 * "Bu əşya mənimdir" (found) or "Mən tapmışam" (lost) unless it is their own; a visitor gets the
 * login modal, or whatever the page asks for. One's own announcement lists its matches, each opening
 * its details (and so the claim) in the same dialog. The dialogs load on first use.
 */
export function useAnnouncementViewer({ onVisitor = 'login-modal' }: ViewerOptions = {}) {
  const t = useT();
  const { user } = useUser();
  const { toast } = useToast();
  const [loginOpen, setLoginOpen] = useState(false);
  const [claiming, setClaiming] = useState<ClaimTarget | null>(null);
  const [reporting, setReporting] = useState<{ id: string; title: string } | null>(null);
  const onLoggedIn = useLoginSuccess();
  /** The viewer's buttons under an announcement: the same in its details dialog and on its own page. */
  const actions = (a: AnnouncementDetails) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      <Suspense fallback={null}>
        <ClaimOrOwnClaim
          announcement={a}
          onClaim={() => {
            details.close();
            setClaiming({ id: a.id, type: a.type, title: a.title, organizationId: a.organizationId });
          }}
        />
      </Suspense>
      {/* Its manager edits it while it is open. */}
      {managesAnnouncement(user, a) && a.status === 'open' && (
        <ButtonLink to={editAnnouncementPath(a.id)} variant="outline" onClick={() => details.close()}>
          {t('Redaktə et')}
        </ButtonLink>
      )}
      {/* Anyone but its author may report it to the moderators. */}
      {user && a.userId !== user.id && (
        <Button
          variant="ghost"
          onClick={() => {
            details.close();
            setReporting({ id: a.id, title: a.title });
          }}
        >
          {t('Şikayət et')}
        </Button>
      )}
    </div>
  );
  const showMatches = (a: AnnouncementDetails) => managesAnnouncement(user, a);
  const details = useAnnouncementDetailsDialog({
    signedIn: !!user,
    onVisitor: onVisitor === 'login-modal' ? () => setLoginOpen(true) : onVisitor,
    showMatches,
    actions,
  });

  const dialogs: ReactNode = (
    <>
      {details.dialog}
      <Suspense fallback={null}>
        {loginOpen && !user && <LoginModal open onClose={() => setLoginOpen(false)} onSuccess={onLoggedIn} />}
        {claiming && user && (
          <ClaimDialog
            announcement={claiming}
            onClose={() => setClaiming(null)}
            claimantHasPhone={!!user.phone}
            onSuccess={() => setClaiming(null)}
          />
        )}
        {reporting && user && (
          <ReportDialog
            announcement={reporting}
            onClose={() => setReporting(null)}
            onSuccess={(message) => {
              setReporting(null);
              toast({ title: t('Şikayət göndərildi'), description: message, variant: 'success' });
            }}
          />
        )}
      </Suspense>
    </>
  );

  return { open: details.open, dialogs, signedIn: !!user, actions, showMatches };
}
