import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/layout';
import { errorMessage } from '../../../lib/api-client';
import { loadFailureOf } from '../../../lib/load-failure';

/** A list's load error: being offline and a server error ask different things of the visitor. */
export function AnnouncementLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const failure = loadFailureOf(error);
  // Back online: load again without making the visitor press the button.
  useEffect(() => {
    if (failure !== 'offline') return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [failure, onRetry]);
  return (
    <Alert role="alert">
      <strong>Elanları yükləmək mümkün olmadı</strong>
      {failure === 'offline' && (
        <p>İnternet bağlantısı yoxdur. Bağlantınızı yoxlayın: bərpa olunanda elanlar özü yüklənəcək.</p>
      )}
      {failure === 'server' && (
        <p>Serverdə xəta baş verdi — problem sizin bağlantınızda deyil. Bir az sonra yenidən cəhd edin.</p>
      )}
      {failure === 'request' && <p>{errorMessage(error, 'Sorğu yerinə yetirilmədi.')}</p>}
      <Button variant="outline" onClick={onRetry}>
        Yenidən cəhd et
      </Button>
    </Alert>
  );
}
