import { msg } from '../../lib/i18n';
/** What the author is told instead of 'Elan yaradıldı' when their new announcement waits for review. */
export const HELD_FOR_REVIEW_TOAST = {
  title: msg('Elan yoxlamaya göndərildi'),
  description: msg(
    'Elanınız moderator yoxladıqdan sonra dərc olunacaq. Vəziyyətini profilinizdəki «Mənim elanlarım» bölməsində izləyə bilərsiniz.',
  ),
} as const;
