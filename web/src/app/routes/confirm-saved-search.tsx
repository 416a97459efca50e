import useSWRImmutable from 'swr/immutable';
import { useSearchParams } from 'react-router-dom';
import { SAVED_SEARCH_MESSAGES } from '@tapinti/contracts/saved-searches-api';
import { ButtonLink } from '../../components/ui/button';
import { Alert, Stack } from '../../components/ui/layout';
import { PageSpinner } from '../../components/ui/spinner';
import { confirmSavedSearches } from '../../features/saved-searches/api/saved-searches';
import { serverMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InfoPage, Panel } from './info-page';
import { useT } from '../../lib/i18n';

/**
 * /axtaris-bildirisi/tesdiq?token=… (issue 26): a visitor's address confirmed for saved-search
 * alerts by the e-mailed link, once (an immutable SWR key), and what happens next.
 */
export default function ConfirmSavedSearchPage() {
  const t = useT();
  useDocumentTitle(t('Axtarış bildirişlərinin təsdiqi'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { error, isLoading } = useSWRImmutable(token ? ['confirm-saved-search', token] : null, () =>
    confirmSavedSearches(token),
  );

  if (token && isLoading) return <PageSpinner />;
  const failed = !token || error;
  return (
    <InfoPage title={t('Axtarış bildirişlərinin təsdiqi')} narrow back={false}>
      <Panel>
        <Stack $gap={4}>
          {failed ? (
            <Alert $tone="danger" role="alert">
              <p>{t(serverMessage(error, SAVED_SEARCH_MESSAGES.tokenInvalid))}</p>
            </Alert>
          ) : (
            <Alert $tone="info" role="status">
              <p>
                {t(
                  'E-poçt ünvanınız təsdiqləndi: axtarışınıza uyğun yeni elan olanda xəbər veririk. Hər məktubda bir kliklə abunəlikdən çıxa bilərsiniz.',
                )}
              </p>
            </Alert>
          )}
          <ButtonLink to="/">{t('Ana səhifəyə keç')}</ButtonLink>
        </Stack>
      </Panel>
    </InfoPage>
  );
}
