import type { ContactMethod, RequestStatus } from '@tapinti/contracts/requests-events';
import type { BadgeTone } from '../../components/ui/badge';
import { msg } from '../../lib/i18n';

/**
 * Spec §4 request states. resolved_claimed is the claim accepted: the owner gets a hand-over code and
 * the claim is resolved only once the finder side enters it (`HANDED_OVER_LABEL`); resolved_rejected:
 * not the owner.
 */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: msg('Gözləmədə'),
  contacted: msg('Əlaqə saxlanıldı'),
  resolved_claimed: msg('Qəbul edildi: təhvil gözlənilir'),
  resolved_rejected: msg('Həll olundu: sahibi deyil'),
};

/** A resolved_claimed claim whose hand-over code was entered: the item is back with its owner. */
export const HANDED_OVER_LABEL = msg('Həll olundu: əşya təhvil verildi');

/** The handler's choices say what each one sets off (accepted → code issued → handed over). */
export const REQUEST_STATUS_CHOICES: Record<RequestStatus, string> = {
  ...REQUEST_STATUS_LABELS,
  resolved_claimed: msg('Qəbul et: sahibinə təhvil kodu göndərilsin'),
};

export const REQUEST_STATUS_TONES: Record<RequestStatus, BadgeTone> = {
  pending: 'primary',
  contacted: 'reward',
  resolved_claimed: 'reward',
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
