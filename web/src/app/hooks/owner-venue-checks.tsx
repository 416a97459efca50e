import type { AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import { myRequestPath } from '../../features/requests/claim-action';
import { OwnerVenueChecks } from '../../features/venue-checks/components/owner-venue-checks';

/**
 * Issue 26.1 on the owner's lost announcement: the venue checks, whose «Tapdıq» answers link to the
 * claim filed for the owner (the requests feature's page), composed here. Its own chunk: only owners
 * of lost announcements load it (home's initial JS budget).
 */
export default function OwnerVenueChecksSection(props: {
  announcement: AnnouncementDetails;
  onNavigate?: () => void;
}) {
  return <OwnerVenueChecks {...props} claimPath={myRequestPath} />;
}
