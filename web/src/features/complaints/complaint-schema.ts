import type { ComplaintType } from '@tapinti/contracts/complaint-types';
import { msg } from '../../lib/i18n';

/** Spec §3: the complaint types' labels (the types themselves are the contract's). */
export const COMPLAINT_TYPE_LABELS: Record<ComplaintType, string> = {
  spam: msg('Spam'),
  fraud: msg('Fırıldaqçılıq'),
  inappropriate: msg('Uyğunsuz məzmun'),
  fake: msg('Saxta elan'),
  harassment: msg('Təqib və ya təhqir'),
  technical: msg('Texniki problem'),
  privacy: msg('Məxfilik pozuntusu'),
  other: msg('Digər'),
};
