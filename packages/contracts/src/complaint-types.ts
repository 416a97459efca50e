/**
 * Spec §3: complaint types — of the /complaints form and of a report on an announcement
 * ('Şikayət et' in its details), one list for both.
 */
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
export type ComplaintType = (typeof COMPLAINT_TYPES)[number];

export const COMPLAINT_TYPE_LABELS: Record<ComplaintType, string> = {
  spam: 'Spam',
  fraud: 'Fırıldaqçılıq',
  inappropriate: 'Uyğunsuz məzmun',
  fake: 'Saxta elan',
  harassment: 'Təqib və ya təhqir',
  technical: 'Texniki problem',
  privacy: 'Məxfilik pozuntusu',
  other: 'Digər',
};
