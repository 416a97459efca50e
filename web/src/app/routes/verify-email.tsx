import useSWRImmutable from 'swr/immutable';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { ButtonLink } from '../../components/ui/button';
import { Alert, Stack } from '../../components/ui/layout';
import { PageSpinner } from '../../components/ui/spinner';
import { ACCOUNT_STATUS_KEY, verifyEmail } from '../../features/auth/api/account-security';
import { serverMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InfoPage, Panel } from './info-page';
import { useT } from '../../lib/i18n';

/**
 * /verify-email?token=… (issue 15): follows the e-mailed link once (an immutable SWR key, so a
 * second render does not spend the link again) and says how it went.
 */
export default function VerifyEmailPage() {
  const t = useT();
  useDocumentTitle(t('E-poçtun təsdiqi'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { mutate } = useSWRConfig();
  const { error, isLoading } = useSWRImmutable(token ? ['verify-email', token] : null, async () => {
    await verifyEmail(token);
    await mutate(ACCOUNT_STATUS_KEY);
    return true;
  });

  if (token && isLoading) return <PageSpinner />;
  const failed = !token || error;
  return (
    <InfoPage title={t('E-poçtun təsdiqi')} narrow back={false}>
      <Panel>
        <Stack $gap={4}>
          {failed ? (
            <Alert $tone="danger" role="alert">
              <p>{serverMessage(error, AUTH_MESSAGES.verificationLinkInvalid)}</p>
            </Alert>
          ) : (
            <Alert $tone="info" role="status">
              <p>{t('E-poçt ünvanınız təsdiqləndi.')}</p>
            </Alert>
          )}
          <ButtonLink to={failed ? '/profile?tab=security' : '/'}>
            {failed ? t('Profildən yeni link istə') : t('Ana səhifəyə keç')}
          </ButtonLink>
        </Stack>
      </Panel>
    </InfoPage>
  );
}
