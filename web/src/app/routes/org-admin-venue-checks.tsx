import type { OrganizationAnnouncement } from '@tapinti/contracts/organizations-api';
import { AnnouncementBody } from '../../features/announcements/components/announcement-body';
import { matchScoreLabel } from '../../features/announcements/labels';
import VenueCheckInbox from '../../features/venue-checks/components/venue-check-inbox';
import { useT } from '../../lib/i18n';

/**
 * /org-admin's «Soruşulanlar» tab (issue 26.1): the venue's inbox, with the lost post shown as the
 * app shows an announcement and the candidates' scores in the announcements' words. Its own chunk,
 * loaded when the tab opens.
 */
export default function OrgAdminVenueChecks(props: {
  organizationId: string;
  linkedId: string | null;
  /** The organisation's announcements, which the page has loaded: «Tapdıq» may link any open found one. */
  items: readonly OrganizationAnnouncement[] | undefined;
}) {
  const t = useT();
  return (
    <VenueCheckInbox
      {...props}
      lostPost={(a) => <AnnouncementBody announcement={a} compact heading={<h4>{a.title}</h4>} />}
      matchLabel={(score) => t(matchScoreLabel(score))}
    />
  );
}
