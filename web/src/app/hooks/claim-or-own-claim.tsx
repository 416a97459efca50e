import type { AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { isOrganizationMember } from '@tapinti/contracts/roles';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { OPEN_REQUEST_STATUSES } from '@tapinti/contracts/requests-api';
import { ORGANIZATION_TYPE_LABELS } from '@tapinti/contracts/organizations-events';
import { Button } from '../../components/ui/button';
import { Muted } from '../../components/ui/layout';
import { useMyRequests } from '../../features/requests/api/requests';
import { CheckIcon } from '../../components/ui/icons';
import { useUser } from '../../features/auth/api/get-user';
import { claimAction, myRequestPath } from '../../features/requests/claim-action';
import { useT } from '../../lib/i18n';

// Issue 26.1: only owners of lost announcements load the venue checks.
const OwnerVenueChecks = lazy(() =>
  import('../../features/venue-checks/components/owner-venue-checks').then((m) => ({
    default: m.OwnerVenueChecks,
  })),
);

/**
 * Who may claim an item: a signed-in user who is not its author nor a member (admin, staff) of its organisation,
 * while it is open.
 */
export function canClaim(user: ClientUser | null, a: AnnouncementDetails): boolean {
  if (!user || a.status !== 'open' || !a.isActive) return false;
  if (a.userId === user.id) return false;
  if (a.organizationId && isOrganizationMember(user.role) && user.organizationId === a.organizationId)
    return false;
  return true;
}

/**
 * The claim button, or, once the viewer has an open claim on it, where that claim stands instead (a
 * second one would be refused). Nothing until the viewer's claims are known, so nothing flips.
 * For the owner of a lost announcement, the venues they asked and «Məkanlardan soruş» instead
 * (issue 26.1), on a line of its own, whose «Tapdıq» answers link to the claim filed for them.
 * Its own chunk, loaded with the details: the requests contract and API are no part of a list's
 * first load (home's initial JS budget).
 */
export default function ClaimOrOwnClaim({
  announcement: a,
  onClaim,
}: {
  announcement: AnnouncementDetails;
  onClaim: () => void;
}) {
  const t = useT();
  const { user } = useUser();
  const eligible = canClaim(user ?? null, a);
  const { data: mine } = useMyRequests(eligible);
  if (user && a.type === 'lost' && a.userId === user.id)
    return (
      <div style={{ flexBasis: '100%', order: 1 }}>
        <Suspense fallback={null}>
          <OwnerVenueChecks
            announcement={a}
            claimPath={myRequestPath}
            venueTypes={ORGANIZATION_TYPE_LABELS}
          />
        </Suspense>
      </div>
    );
  if (!eligible || !mine) return null;
  const own = mine.find(
    (r) => r.announcementId === a.id && (OPEN_REQUEST_STATUSES as readonly string[]).includes(r.status),
  );
  if (own)
    return (
      <Muted data-testid="own-claim">
        {t('Bu elana müraciət etmisiniz.')} <Link to={myRequestPath(own.id)}>{t('Müraciətinizə baxın')}</Link>
      </Muted>
    );
  return (
    <Button icon={<CheckIcon size={18} />} onClick={onClaim}>
      {claimAction(a.type)}
    </Button>
  );
}
