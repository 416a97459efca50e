import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import type { Role } from '@tapinti/contracts/roles';
import { useUser } from '../features/auth/api/get-user';
import { ButtonLink } from '../components/ui/button';
import { ShieldIcon } from '../components/ui/icons';
import { Container, Muted, PageTitle } from '../components/ui/layout';
import { PageSpinner } from '../components/ui/spinner';
import { color, space } from '../components/ui/theme';
import { useT } from '../lib/i18n';

const Denied = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${space(4)};
  padding: ${space(16)} 0;
  svg {
    color: ${color.danger};
  }
`;

export function AccessDenied() {
  const t = useT();
  return (
    <Container $narrow>
      <Denied>
        <ShieldIcon size={56} />
        <PageTitle>{t('Giriş icazəniz yoxdur')}</PageTitle>
        <Muted>{t('Bu səhifəyə giriş üçün icazəniz yoxdur.')}</Muted>
        <ButtonLink to="/" variant="outline">
          {t('Ana səhifəyə qayıt')}
        </ButtonLink>
      </Denied>
    </Container>
  );
}

export interface RouteGuardProps {
  children: ReactNode;
  /** Roles allowed in; any signed-in user when omitted. */
  roles?: readonly Role[];
}

/** Spinner while the user loads, /auth without a user, the access-denied page for a wrong role. */
export function RouteGuard({ children, roles }: RouteGuardProps) {
  const t = useT();
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner label={t('Yüklənir...')} />;
  if (!user)
    return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (roles && !roles.includes(user.role)) return <AccessDenied />;
  return <>{children}</>;
}
