import { Muted, Stack } from '../../../components/ui/layout';
import { ModerationQueue } from './moderation-queue';
import { useT } from '../../../lib/i18n';

/** /admin «Moderasiya»: announcements held for review, reported or hidden; approve, hide with a reason, restore. */
export function ModerationTab() {
  const t = useT();
  return (
    <Stack $gap={4}>
      <Muted>
        {t(
          'Risk nümunələrinə uyğun gələn yeni elanlar və üç fərqli istifadəçinin şikayət etdiyi elanlar burada yoxlanılana qədər gözləyir. Gizlədilmiş elan bütün ictimai siyahılardan çıxır; müəllif səbəbi görür.',
        )}
      </Muted>
      <ModerationQueue />
    </Stack>
  );
}
