import type { ApplicationStatus } from '@tapinti/contracts/organizations-events';
import { ORGANIZATION_TYPES } from '@tapinti/contracts/organizations-events';
import { msg } from '../../lib/i18n';

/** Spec §3: the approval dialog offers every type except sports_center and event_venue. */
export const APPROVAL_ORGANIZATION_TYPES = ORGANIZATION_TYPES.filter(
  (t) => t !== 'sports_center' && t !== 'event_venue',
);

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: msg('Gözləmədə'),
  need_contract: msg('Müqavilə tələb olunur'),
  approved: msg('Təsdiqlənib'),
  rejected: msg('Rədd edilib'),
};

/** Spec §4: an organisation is 'Aktiv' or 'Deaktiv'. */
export const activeLabel = (isActive: boolean) => (isActive ? msg('Aktiv') : msg('Deaktiv'));

/** AZN with two decimals, e.g. 49.99 AZN. */
export const formatPrice = (amount: number) => `${amount.toFixed(2)} AZN`;
