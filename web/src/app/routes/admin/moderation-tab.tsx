import { Muted, Stack } from '../../../components/ui/layout';
import { ModerationQueue } from '../../../features/moderation/components/moderation-queue';

/** /admin «Moderasiya»: announcements held for review, reported or hidden; approve, hide with a reason, restore. */
export function ModerationTab() {
  return (
    <Stack $gap={4}>
      <Muted>
        Risk nümunələrinə uyğun gələn yeni elanlar və üç fərqli istifadəçinin şikayət etdiyi elanlar burada
        yoxlanılana qədər gözləyir. Gizlədilmiş elan bütün ictimai siyahılardan çıxır; müəllif səbəbi görür.
      </Muted>
      <ModerationQueue />
    </Stack>
  );
}
