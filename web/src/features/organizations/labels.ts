import type {
  ApplicationStatus,
  OrganizationType,
  SubscriptionPlan,
  SubscriptionStatus,
} from '@tapinti/contracts/organizations-events';
import { ORGANIZATION_TYPES } from '@tapinti/contracts/organizations-events';
import { msg } from '../../lib/i18n';

export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  hotel: msg('Otel'),
  mall: msg('Ticarət mərkəzi'),
  university: msg('Universitet'),
  business_center: msg('Biznes mərkəzi'),
  airport: msg('Hava limanı'),
  hospital: msg('Xəstəxana'),
  sports_center: msg('İdman mərkəzi'),
  event_venue: msg('Tədbir məkanı'),
  other: msg('Digər'),
};

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

export const PLAN_LABELS: Record<SubscriptionPlan, string> = {
  basic: 'Basic',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trial: msg('Sınaq'),
  active: msg('Aktiv'),
  expired: msg('Bitib'),
};

/** Spec §4: an organisation is 'Aktiv' or 'Deaktiv'. */
export const activeLabel = (isActive: boolean) => (isActive ? msg('Aktiv') : msg('Deaktiv'));

/** AZN with two decimals, e.g. 49.99 AZN. */
export const formatPrice = (amount: number) => `${amount.toFixed(2)} AZN`;
