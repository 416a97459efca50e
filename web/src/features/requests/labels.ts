import type { ContactMethod, RequestStatus } from '@tapinti/contracts/requests-events';
import type { BadgeTone } from '../../components/ui/badge';
import { msg } from '../../lib/i18n';

/** Spec §4 request states; resolved_claimed: the item went back, resolved_rejected: not the owner. */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: msg('Gözləmədə'),
  contacted: msg('Əlaqə saxlanıldı'),
  resolved_claimed: msg('Həll olundu: əşya qaytarıldı'),
  resolved_rejected: msg('Həll olundu: sahibi deyil'),
};

export const REQUEST_STATUS_TONES: Record<RequestStatus, BadgeTone> = {
  pending: 'primary',
  contacted: 'reward',
  resolved_claimed: 'success',
  resolved_rejected: 'danger',
};

export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  phone: msg('Telefon'),
  email: msg('E-poçt'),
  in_person: msg('Şəxsən'),
};

/** The statuses a handler may move a request to from where it is (resolved ones are final). */
export function nextStatuses(status: RequestStatus): RequestStatus[] {
  if (status === 'pending') return ['contacted', 'resolved_claimed', 'resolved_rejected'];
  if (status === 'contacted') return ['resolved_claimed', 'resolved_rejected'];
  return [];
}
