import type {
  ApplicationStatus,
  OrganizationType,
  SubscriptionPlan,
  SubscriptionStatus,
} from '@tapinti/contracts/organizations-events';
import { ORGANIZATION_TYPES } from '@tapinti/contracts/organizations-events';

export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  hotel: 'Otel',
  mall: 'Ticarət mərkəzi',
  university: 'Universitet',
  business_center: 'Biznes mərkəzi',
  airport: 'Hava limanı',
  hospital: 'Xəstəxana',
  sports_center: 'İdman mərkəzi',
  event_venue: 'Tədbir məkanı',
  other: 'Digər',
};

/** Spec §3: the approval dialog offers every type except sports_center and event_venue. */
export const APPROVAL_ORGANIZATION_TYPES = ORGANIZATION_TYPES.filter(
  (t) => t !== 'sports_center' && t !== 'event_venue',
);

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Gözləmədə',
  need_contract: 'Müqavilə tələb olunur',
  approved: 'Təsdiqlənib',
  rejected: 'Rədd edilib',
};

export const PLAN_LABELS: Record<SubscriptionPlan, string> = {
  basic: 'Basic',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trial: 'Sınaq',
  active: 'Aktiv',
  expired: 'Bitib',
};

/** Spec §4: an organisation is 'Aktiv' or 'Deaktiv'. */
export const activeLabel = (isActive: boolean) => (isActive ? 'Aktiv' : 'Deaktiv');

/** AZN with two decimals, e.g. 49.99 AZN. */
export const formatPrice = (amount: number) => `${amount.toFixed(2)} AZN`;
