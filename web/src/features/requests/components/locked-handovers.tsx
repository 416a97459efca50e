import { Button } from '../../../components/ui/button';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { errorToast } from '../../../lib/submit-errors';
import { useHandovers, useUnlockHandover } from '../api/handovers';

/** Hand-overs locked after 5 wrong codes: a super admin sends the owner a new code. */
export function LockedHandovers() {
  const t = useT();
  const { toast } = useToast();
  const handovers = useHandovers();
  const { trigger, isMutating } = useUnlockHandover();
  const locked = (handovers.data ?? []).filter((h) => h.state === 'locked');
  if (!locked.length) return null;
  const unlock = async (requestId: string) => {
    try {
      await trigger({ requestId });
    } catch (error) {
      toast(errorToast(error, t('Təhvili açmaq mümkün olmadı')));
      return;
    }
    void handovers.mutate();
    toast({ title: t('Təhvil açıldı'), description: t('Sahibə yeni kod göndərildi.'), variant: 'success' });
  };
  return (
    <section aria-labelledby="locked-handovers">
      <Stack $gap={2}>
        <h3 id="locked-handovers">{t('Bloklanmış təhvillər')}</h3>
        <Muted>
          {t(
            'Təhvil kodu 5 dəfə yanlış daxil edilib. Açsanız, əvvəlki kod etibarsız olur və sahibə yeni kod göndərilir.',
          )}
        </Muted>
        {locked.map((h) => (
          <Row key={h.requestId} $gap={3} $wrap>
            <span>{h.announcement?.title ?? h.announcementId}</span>
            <Button size="sm" variant="outline" loading={isMutating} onClick={() => void unlock(h.requestId)}>
              {t('Kilidi aç və yeni kod göndər')}
            </Button>
          </Row>
        ))}
      </Stack>
    </section>
  );
}
