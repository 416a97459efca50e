/** What the author is told instead of 'Elan yaradıldı' when their new announcement waits for review. */
export const HELD_FOR_REVIEW_TOAST = {
  title: 'Elan yoxlamaya göndərildi',
  description:
    'Elanınız moderator yoxladıqdan sonra dərc olunacaq. Vəziyyətini profilinizdəki «Mənim elanlarım» bölməsində izləyə bilərsiniz.',
} as const;
