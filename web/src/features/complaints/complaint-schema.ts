import { z } from 'zod';
import { msg } from '../../lib/i18n';

/** Spec §3: complaint types. */
export const COMPLAINT_TYPES = [
  'spam',
  'fraud',
  'inappropriate',
  'fake',
  'harassment',
  'technical',
  'privacy',
  'other',
] as const;

export const COMPLAINT_TYPE_LABELS: Record<(typeof COMPLAINT_TYPES)[number], string> = {
  spam: msg('Spam'),
  fraud: msg('Fırıldaqçılıq'),
  inappropriate: msg('Uyğunsuz məzmun'),
  fake: msg('Saxta elan'),
  harassment: msg('Təqib və ya təhqir'),
  technical: msg('Texniki problem'),
  privacy: msg('Məxfilik pozuntusu'),
  other: msg('Digər'),
};

/**
 * The complaint form (spec §5). Complaints are not sent anywhere yet (spec §7), so there is no API
 * schema in @tapinti/contracts for them; the rules live with the form.
 */
export const complaintSchema = z.object({
  type: z.enum(COMPLAINT_TYPES, { error: msg('Şikayət növünü seçin') }),
  subject: z.string().trim().min(5, msg('Mövzu ən azı 5 simvol olmalıdır')),
  announcementId: z.string().trim().optional(),
  description: z.string().trim().min(20, msg('Təsvir ən azı 20 simvol olmalıdır')),
  userInfo: z.string().trim().min(3, msg('Əlaqə məlumatı tələb olunur')),
});
export type Complaint = z.output<typeof complaintSchema>;
