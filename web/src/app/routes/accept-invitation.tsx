import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES, type ClientUser } from '@tapinti/contracts/auth-api';
import { Button, ButtonLink } from '../../components/ui/button';
import { BuildingIcon, ShieldIcon } from '../../components/ui/icons';
import { Alert, EmptyState, Muted, Stack } from '../../components/ui/layout';
import { PageSpinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { useUser } from '../../features/auth/api/get-user';
import { useInvitation } from '../../features/auth/api/invitations';
import {
  AcceptInvitationButton,
  AcceptInvitationForm,
} from '../../features/auth/components/accept-invitation-form';
import { useLogoutAction } from '../../features/auth/hooks/use-auth-actions';
import { ApiError, serverMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { InfoPage, Panel } from './info-page';
import { rich, useT } from '../../lib/i18n';

/** Unknown (404), used or expired (410) tokens: a page that says so, with the server's words. */
function InvalidInvitation({ error }: { error?: unknown }) {
  const t = useT();
  const gone = error instanceof ApiError && error.status === 410;
  const known = error instanceof ApiError && (error.status === 404 || error.status === 410);
  return (
    <InfoPage title={gone ? t('Dəvət etibarsızdır') : t('Dəvət tapılmadı')} narrow back={false}>
      <EmptyState>
        <ShieldIcon size={40} />
        <p>
          {known || !error
            ? serverMessage(error, AUTH_MESSAGES.invitationNotFound)
            : serverMessage(error, t('Dəvəti yükləmək mümkün olmadı. Bir az sonra yenidən cəhd edin.'))}
        </p>
        <ButtonLink to="/">{t('Ana səhifəyə qayıt')}</ButtonLink>
      </EmptyState>
    </InfoPage>
  );
}

/**
 * /accept-invitation?token=…: the organisation and e-mail of an admin invitation; a signed-out
 * invitee creates an account, one signed in with the invited e-mail accepts with one button. Both
 * land on /org-admin.
 */
export default function AcceptInvitationPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const invitation = useInvitation(token);
  const { user, isLoading: userLoading } = useUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const logout = useLogoutAction({
    onSuccess: () => toast({ title: t('Çıxış edildi'), description: t('Təhlükəsiz şəkildə çıxış etdiniz') }),
  });

  if (!token) return <InvalidInvitation />;
  if (invitation.isLoading || userLoading) return <PageSpinner />;
  if (invitation.error || !invitation.data) return <InvalidInvitation error={invitation.error} />;

  const data = invitation.data;
  const onAccepted = (accepted: ClientUser) => {
    toast({
      title: t('Dəvət qəbul edildi'),
      description: t('Xoş gəlmisiniz, {name}! Artıq {organization} təşkilatının adminisiniz.', {
        name: accepted.username,
        organization: data.organizationName,
      }),
      variant: 'success',
    });
    void navigate('/org-admin', { replace: true });
  };
  const here = `/accept-invitation?token=${encodeURIComponent(token)}`;
  const sameEmail = user && user.email.toLowerCase() === data.email.toLowerCase();

  return (
    <InfoPage
      title={t('Təşkilat admini dəvəti')}
      lead={t('{organization} sizi təşkilatın itirilmiş əşyalar xidmətinin admini olmağa dəvət edir.', {
        organization: data.organizationName,
      })}
      narrow
      back={false}
    >
      <Panel>
        <Stack $gap={5}>
          <Stack $gap={1}>
            <h2 style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <BuildingIcon /> {data.organizationName}
            </h2>
            <Muted>
              {rich(t('Dəvət: {email} · {date} tarixinədək etibarlıdır'), {
                email: <strong>{data.email}</strong>,
                date: formatDateTime(data.expiresAt),
              })}
            </Muted>
          </Stack>
          {!user && (
            <>
              <AcceptInvitationForm token={token} invitation={data} onSuccess={onAccepted} />
              <Muted>
                {rich(t('Bu e-poçtla hesabınız var? {signIn} və dəvəti bir düymə ilə qəbul edin.'), {
                  signIn: (
                    <Link to="/auth" state={{ from: here }}>
                      {t('Daxil olun')}
                    </Link>
                  ),
                })}
              </Muted>
            </>
          )}
          {sameEmail && (
            <Stack $gap={3}>
              <Muted>
                {rich(
                  t(
                    'Siz {name} kimi daxil olmusunuz. Dəvəti qəbul etsəniz, bu hesab təşkilatın admini olacaq.',
                  ),
                  { name: <strong>{user.username}</strong> },
                )}
              </Muted>
              <AcceptInvitationButton token={token} onSuccess={onAccepted} />
            </Stack>
          )}
          {user && !sameEmail && (
            <Alert $tone="info">
              <p>{AUTH_MESSAGES.invitationOtherEmail}</p>
              <Button variant="outline" loading={logout.isPending} onClick={() => void logout.submit()}>
                {t('Hesabdan çıx')}
              </Button>
            </Alert>
          )}
        </Stack>
      </Panel>
    </InfoPage>
  );
}
