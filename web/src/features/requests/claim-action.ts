import type { AnnouncementType } from '@tapinti/contracts/announcements-api';
import { msg } from '../../lib/i18n';

/** What the claim form needs of the announcement. */
export interface ClaimTarget {
  id: string;
  type: AnnouncementType;
  title: string;
  organizationId: string | null;
}

/** The claim's wording by the item's type: a found item is claimed by its owner, a lost one by its finder. */
export const claimAction = (type: AnnouncementType) =>
  type === 'found' ? msg('Bu əşya mənimdir') : msg('Mən tapmışam');

/** Where a claimant finds their claim (a link opens exactly it). */
export const myRequestPath = (id: string) => `/profile?tab=requests&request=${encodeURIComponent(id)}`;
