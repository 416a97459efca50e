import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, ButtonLink } from '../../components/ui/button';
import { MenuIcon, SearchIcon, UserIcon } from '../../components/ui/icons';
import { Container } from '../../components/ui/layout';
import { color, font, media, radius, space, zIndex } from '../../components/ui/theme';
import { useToast } from '../../components/ui/toast';
import { useUser } from '../../features/auth/api/get-user';
import { useLogoutAction } from '../../features/auth/hooks/use-auth-actions';
import { CreateAnnouncementMenu } from './create-announcement-menu';
import { VerificationHint } from '../../features/auth/components/verification-hint';
import { msg, useT } from '../../lib/i18n';
import { LanguageSelect } from './language-select';

// The inbox loads only for signed-in users, after the page (the home page's first JS stays small).
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell'));

const BellSlot = styled.div`
  margin-left: auto;
  display: flex;
  min-width: 40px;
  min-height: 40px;
  ${media.lg} {
    margin-left: 0;
  }
`;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${zIndex.header};
  background: ${color.surface};
  border-bottom: 1px solid ${color.border};
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  min-height: 64px;
  ${media.sm} {
    gap: ${space(4)};
  }
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  font-size: ${font.size.xl};
  font-weight: ${font.weight.bold};
  color: ${color.text};
  text-decoration: none;
  flex: none;
`;

const Logo = styled.span`
  display: inline-grid;
  place-items: center;
  width: 34px;
  height: 34px;
  border-radius: ${radius.md};
  background: ${color.primary};
  color: #fff;
`;

/** On wide screens the links get a row of their own, so long usernames never push them around. */
const DesktopNav = styled.nav`
  display: none;
  ${media.lg} {
    display: flex;
    gap: ${space(1)};
    flex-wrap: wrap;
    padding: ${space(1)} 0 ${space(2)};
    margin-left: -${space(2.5)};
  }
`;

const NavItem = styled(NavLink)`
  padding: ${space(2)} ${space(2.5)};
  border-radius: ${radius.sm};
  color: ${color.muted};
  font-weight: ${font.weight.medium};
  font-size: ${font.size.sm};
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    color: ${color.text};
    background: ${color.subtle};
  }
  &.active {
    color: ${color.primaryHover};
  }
`;

const Actions = styled.div`
  display: none;
  align-items: center;
  gap: ${space(2)};
  margin-left: auto;
  ${media.lg} {
    display: flex;
  }
`;

const Greeting = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${space(1.5)};
  font-size: ${font.size.sm};
  color: ${color.muted};
  max-width: 220px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  strong {
    color: ${color.text};
  }
`;

const CompactLogin = styled.div`
  margin-left: auto;
  a {
    white-space: nowrap;
  }
  ${media.lg} {
    display: none;
  }
`;

const MenuToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  min-height: 44px;
  padding: ${space(2)} ${space(3)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  font-weight: ${font.weight.semibold};
  cursor: pointer;
  flex: none;
  ${media.lg} {
    display: none;
  }
  /* Below 360 px the brand, the sign-in link and the word do not fit in one row: the icon stays,
     the word is still the button's name for screen readers. */
  @media (max-width: 359.98px) {
    padding: ${space(2)} ${space(2.5)};
    .menu-label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    }
  }
`;

const MobilePanel = styled.div`
  border-top: 1px solid ${color.border};
  padding: ${space(3)} 0 ${space(4)};
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  ${media.lg} {
    display: none;
  }
  a.nav {
    padding: ${space(3)};
  }
`;

const MobileActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  padding-top: ${space(3)};
  margin-top: ${space(2)};
  border-top: 1px solid ${color.subtle};
`;

// A phone's header row has no room for it: there it sits in the menu.
const WideScreenOnly = styled.div`
  display: none;
  ${media.lg} {
    display: flex;
  }
`;

const LINKS = [
  { to: '/#elanlar', label: msg('Elanlar') },
  { to: '/rewards', label: msg('Mükafatlar') },
  { to: '/pickup-points', label: msg('Təhvil məntəqələri') },
  { to: '/thank-you-wall', label: msg('Təşəkkür divarı') },
  { to: '/support', label: msg('Dəstək') },
];

/** The dashboards a role may open, after the public links. */
const ROLE_LINKS = {
  super_admin: [
    { to: '/super-admin', label: msg('Super admin') },
    { to: '/admin', label: msg('Analitika') },
  ],
  org_admin: [{ to: '/org-admin', label: msg('Təşkilat paneli') }],
  org_staff: [{ to: '/org-admin', label: msg('Təşkilat paneli') }],
  user: [],
} as const;

export function Header() {
  const { user, isLoading } = useUser();
  const t = useT();
  const { toast } = useToast();
  const navigate = useNavigate();
  const logout = useLogoutAction({
    onSuccess: () => {
      toast({ title: t('Çıxış edildi'), description: t('Təhlükəsiz şəkildə çıxış etdiniz') });
      void navigate('/');
    },
  });
  const [open, setOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  // Escape closes the open menu and gives focus back to its button (WAI-ARIA disclosure).
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // A menu open inside it ('Elan yarat') closes first, on its own Escape.
      if (document.querySelector('#mobile-menu [aria-expanded="true"]')) return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const links = [...LINKS, ...(user ? ROLE_LINKS[user.role] : [])];
  const navLinks = (className?: string) =>
    links.map((l) =>
      // A link to a section of the home page is never "the current page".
      l.to.includes('#') ? (
        <NavItem
          key={l.to}
          as={Link}
          to={l.to}
          className={className}
          onClick={() => {
            // Already on the home page (maybe with the same hash): just scroll.
            if (location.pathname === '/')
              document.getElementById(l.to.split('#')[1]!)?.scrollIntoView({ behavior: 'smooth' });
          }}
        >
          {t(l.label)}
        </NavItem>
      ) : (
        <NavItem key={l.to} to={l.to} className={className} end>
          {t(l.label)}
        </NavItem>
      ),
    );

  const userActions = (mobile: boolean) =>
    isLoading ? null : user ? (
      <>
        <CreateAnnouncementMenu inline={mobile} />
        <ButtonLink to="/profile" size="sm" variant="outline" fullWidth={mobile}>
          <UserIcon size={16} /> {t('Profil')}
        </ButtonLink>
        <Greeting title={user.username}>
          {t('Salam,')} <strong>{user.username}</strong>
        </Greeting>
        <VerificationHint />
        <Button
          size="sm"
          variant="ghost"
          loading={logout.isPending}
          onClick={() => void logout.submit()}
          fullWidth={mobile}
        >
          {t('Çıxış')}
        </Button>
      </>
    ) : (
      <ButtonLink to="/auth" size="sm" fullWidth={mobile}>
        {t('Daxil ol')}
      </ButtonLink>
    );

  return (
    <Bar>
      <Container>
        <Inner>
          <Brand to="/" aria-label={t('Tapıntı — ana səhifə')}>
            <Logo aria-hidden="true">
              <SearchIcon size={20} />
            </Logo>
            Tapıntı
          </Brand>
          <Actions>{userActions(false)}</Actions>
          {user && (
            <BellSlot>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            </BellSlot>
          )}
          {!user && (
            <CompactLogin>
              {!isLoading && (
                <ButtonLink to="/auth" size="sm">
                  {t('Daxil ol')}
                </ButtonLink>
              )}
            </CompactLogin>
          )}
          <WideScreenOnly>
            <LanguageSelect />
          </WideScreenOnly>
          <MenuToggle
            ref={toggleRef}
            type="button"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((v) => !v)}
          >
            <MenuIcon /> <span className="menu-label">{t('Menyu')}</span>
          </MenuToggle>
        </Inner>
        <DesktopNav aria-label={t('Əsas naviqasiya')}>{navLinks()}</DesktopNav>
        {open && (
          <MobilePanel id="mobile-menu">
            <nav aria-label={t('Mobil naviqasiya')} style={{ display: 'flex', flexDirection: 'column' }}>
              {navLinks('nav')}
            </nav>
            {user && <MobileActions>{userActions(true)}</MobileActions>}
            <MobileActions>
              <LanguageSelect />
            </MobileActions>
          </MobilePanel>
        )}
      </Container>
    </Bar>
  );
}
