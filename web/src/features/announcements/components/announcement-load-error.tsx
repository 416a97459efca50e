import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/layout';
import { errorMessage } from '../../../lib/api-client';
import { loadFailureOf } from '../../../lib/load-failure';
import { useT } from '../../../lib/i18n';

/** A list's load error: being offline and a server error ask different things of the visitor. */
export function AnnouncementLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const failure = loadFailureOf(error);
  // Back online: load again without making the visitor press the button.
  useEffect(() => {
    if (failure !== 'offline') return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [failure, onRetry]);
  return (
    <Alert role="alert">
      <strong>{t('Elanları yükləmək mümkün olmadı')}</strong>
      {failure === 'offline' && (
        <p>
          {t('İnternet bağlantısı yoxdur. Bağlantınızı yoxlayın: bərpa olunanda elanlar özü yüklənəcək.')}
        </p>
      )}
      {failure === 'server' && (
        <p>
          {t('Serverdə xəta baş verdi — problem sizin bağlantınızda deyil. Bir az sonra yenidən cəhd edin.')}
        </p>
      )}
      {failure === 'request' && <p>{errorMessage(error, t('Sorğu yerinə yetirilmədi.'))}</p>}
      <Button variant="outline" onClick={onRetry}>
        {t('Yenidən cəhd et')}
      </Button>
    </Alert>
  );
}
