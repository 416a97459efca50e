import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert, Row } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { useDashboardText } from '../../../features/analytics/i18n';
import { errorMessage } from '../../../lib/api-client';

/** Loading and error states of a dashboard tab, in the dashboard's language. */
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
  const t = useDashboardText();
  if (isLoading)
    return (
      <Row $justify="center">
        <Spinner size={28} label={t.common.loading} />
      </Row>
    );
  if (error)
    return (
      <Alert>
        <strong>{errorMessage(error, t.common.failed)}</strong>
        <Button variant="outline" onClick={() => void retry()}>
          {t.common.retry}
        </Button>
      </Alert>
    );
  return <>{children}</>;
}
