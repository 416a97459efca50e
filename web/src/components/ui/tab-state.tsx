import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import { Alert, Row } from './layout';
import { Spinner } from './spinner';

/** Loading and error states of a tab's data: a spinner, or the error with a retry button. */
export function TabState({
  isLoading,
  error,
  retry,
  children,
}: {
  isLoading: boolean;
  error?: unknown;
  retry: () => unknown;
  children: ReactNode;
}) {
  const t = useT();
  if (isLoading)
    return (
      <Row $justify="center">
        <Spinner size={28} label={t('Yüklənir...')} />
      </Row>
    );
  if (error)
    return (
      <Alert>
        <strong>{errorMessage(error, t('Məlumatı yükləmək mümkün olmadı'))}</strong>
        <Button variant="outline" onClick={() => void retry()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  return <>{children}</>;
}
