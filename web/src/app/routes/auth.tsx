import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { cardStyles } from '../../components/ui/card';
import { CheckIcon, ClockIcon, ShieldIcon } from '../../components/ui/icons';
import { Container, Muted, PageTitle, Stack } from '../../components/ui/layout';
import { PageSpinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { color, font, media, space } from '../../components/ui/theme';
import { useUser } from '../../features/auth/api/get-user';
import { LoginForm } from '../../features/auth/components/login-form';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLoginSuccess, useRegisterSuccess } from '../hooks/use-auth-success';
import { useT } from '../../lib/i18n';

const Layout = styled.div`
  display: grid;
  gap: ${space(8)};
  padding: ${space(8)} 0 ${space(12)};
  grid-template-columns: minmax(0, 1fr);
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 480px);
    padding-top: ${space(14)};
  }
`;

const Side = styled.aside`
  display: none;
  ${media.lg} {
    display: flex;
    flex-direction: column;
    gap: ${space(6)};
    padding: ${space(10)};
    border-radius: 20px;
    color: #fff;
    background: linear-gradient(135deg, #1e3a8a, ${color.primary});
    min-height: 100%;
  }
  h2 {
    font-size: ${font.size.xxl};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${space(4)};
  }
  li {
    display: flex;
    gap: ${space(3)};
    align-items: center;
    font-weight: ${font.weight.medium};
  }
`;

const Panel = styled.div`
  ${cardStyles}
  padding: ${space(6)} ${space(5)};
  ${media.sm} {
    padding: ${space(8)};
  }
`;

type Tab = 'login' | 'register';

export default function AuthPage() {
  const t = useT();
  const { user, isLoading } = useUser();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const onLoggedIn = useLoginSuccess();
  const onRegistered = useRegisterSuccess();
  const tab: Tab = params.get('tab') === 'register' ? 'register' : 'login';
  useDocumentTitle(tab === 'login' ? t('Daxil ol') : t('Qeydiyyat'));

  if (isLoading) return <PageSpinner />;
  if (user) {
    // A signed-in user has nothing to do here (spec §2); one sent here by the guard goes back.
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from.startsWith('/') ? from : '/'} replace />;
  }

  return (
    <Container>
      <Layout>
        <Side aria-label={t('Tapıntı haqqında')}>
          <h2>{t('İtirdiyini tap, tapdığını qaytar')}</h2>
          <ul>
            <li>
              <ShieldIcon size={24} /> {t('Təhlükəsiz və etibarlı platforma')}
            </li>
            <li>
              <CheckIcon size={24} /> {t('Minlərlə uğurlu qaytarma')}
            </li>
            <li>
              <ClockIcon size={24} /> {t('24/7 dəstək')}
            </li>
          </ul>
        </Side>
        <Panel>
          <Stack $gap={6}>
            <Stack $gap={2}>
              <PageTitle>{tab === 'login' ? t('Hesabınıza daxil olun') : t('Hesab yaradın')}</PageTitle>
              <Muted>
                {t('Elan yerləşdirmək və təfərrüatları görmək üçün daxil olun və ya qeydiyyatdan keçin.')}
              </Muted>
            </Stack>
            <Tabs<Tab>
              label={t('Giriş və qeydiyyat')}
              value={tab}
              onChange={(next) =>
                setParams(next === 'register' ? { tab: 'register' } : {}, {
                  replace: true,
                  state: location.state,
                })
              }
              items={[
                { id: 'login', label: t('Daxil ol'), content: <LoginForm onSuccess={onLoggedIn} /> },
                { id: 'register', label: t('Qeydiyyat'), content: <RegisterForm onSuccess={onRegistered} /> },
              ]}
            />
          </Stack>
        </Panel>
      </Layout>
    </Container>
  );
}
