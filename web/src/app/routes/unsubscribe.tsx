import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '@tapinti/contracts/notifications-api';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert, Stack } from '../../components/ui/layout';
import { unsubscribeByLink, UnsubscribeRefused } from '../../features/notifications/api/unsubscribe';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InfoPage, Panel } from './info-page';
import { useT } from '../../lib/i18n';

/** The type a link's token names (`<recipient>.<type>.<signature>`): shown only, the server checks the signature. */
function typeOf(token: string): NotificationType | null {
  const type = token.split('.')[1] ?? '';
  return (NOTIFICATION_TYPES as readonly string[]).includes(type) ? (type as NotificationType) : null;
}

/**
 * /abunelikden-cix?token=… (issue 26): the unsubscribe link of every e-mail but the security ones.
 * Opening it changes nothing (mail scanners open links too); the button turns that type's e-mails
 * off, in the reader's language. In-app notifications stay.
 */
export default function UnsubscribePage() {
  const t = useT();
  useDocumentTitle(t('Abunəlikdən çıxmaq'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const type = typeOf(token);
  const [state, setState] = useState<
    { status: 'idle' | 'busy' | 'done' } | { status: 'failed'; error: unknown }
  >({
    status: 'idle',
  });

  async function unsubscribe() {
    setState({ status: 'busy' });
    try {
      await unsubscribeByLink(token);
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'failed', error });
    }
  }

  const label = type ? t(NOTIFICATION_TYPE_LABELS[type]) : '';
  return (
    <InfoPage
      title={state.status === 'done' ? t('Abunəlikdən çıxdınız') : t('Abunəlikdən çıxmaq')}
      narrow
      back={false}
    >
      <Panel>
        <Stack $gap={4}>
          {!type ? (
            <Alert $tone="danger" role="alert">
              <p>{t(NOTIFICATION_MESSAGES.unsubscribeInvalid)}</p>
            </Alert>
          ) : state.status === 'done' ? (
            <Alert $tone="info" role="status">
              <p>
                {t('«{label}» bildirişləri artıq e-poçtla göndərilməyəcək. Tətbiqdaxili bildirişlər qalır.', {
                  label,
                })}
              </p>
              <p>
                {t(
                  'Fikrinizi dəyişsəniz, hesabınızın bildiriş parametrlərindən bu növü yenidən aça bilərsiniz.',
                )}
              </p>
            </Alert>
          ) : (
            <>
              <p>{t('«{label}» bildirişləri artıq e-poçtla göndərilməsin?', { label })}</p>
              {state.status === 'failed' && (
                <Alert $tone="danger" role="alert">
                  <p>
                    {t(
                      state.error instanceof UnsubscribeRefused && state.error.serverMessage
                        ? state.error.serverMessage
                        : 'Serverdə xəta baş verdi — problem sizin bağlantınızda deyil. Bir az sonra yenidən cəhd edin.',
                    )}
                  </p>
                </Alert>
              )}
              <Button loading={state.status === 'busy'} onClick={unsubscribe}>
                {t('Abunəlikdən çıx')}
              </Button>
            </>
          )}
          <ButtonLink to="/" variant="secondary">
            {t('Ana səhifəyə keç')}
          </ButtonLink>
        </Stack>
      </Panel>
    </InfoPage>
  );
}
