import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { Container, Muted, PageTitle, Stack } from '../../../components/ui/layout';
import { color, font, radius, space } from '../../../components/ui/theme';
import { msg, useT } from '../../../lib/i18n';
import { INVENTORY_PATHS } from '../paths';

const Page = styled.div`
  padding: ${space(6)} 0 ${space(16)};
`;

const Nav = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${space(2)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 ${space(3)};
    border: 1px solid ${color.border};
    border-radius: ${radius.pill};
    color: ${color.text};
    font-weight: ${font.weight.semibold};
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${color.primary};
    border-color: ${color.primary};
    color: #fff;
  }
`;

const LINKS = [
  { to: INVENTORY_PATHS.intake, label: msg('Qeydə al'), adminOnly: false },
  { to: INVENTORY_PATHS.items, label: msg('Əşyalar'), adminOnly: false },
  { to: INVENTORY_PATHS.queue, label: msg('Çıxarılmalı'), adminOnly: false },
  { to: INVENTORY_PATHS.reports, label: msg('Hesabatlar'), adminOnly: false },
  { to: INVENTORY_PATHS.desk, label: msg('Təhvil masası'), adminOnly: false },
  { to: INVENTORY_PATHS.settings, label: msg('Ayarlar'), adminOnly: true },
  { to: '/org-admin', label: msg('Təşkilat paneli'), adminOnly: false },
];

/** The lost-property office's frame: its title and its sections (settings for admins only). */
export function InventoryLayout({
  isAdmin,
  title,
  children,
}: {
  isAdmin: boolean;
  title: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Page>
      <Container $narrow>
        <Stack $gap={5}>
          <Stack $gap={1}>
            <PageTitle>{title}</PageTitle>
            <Muted>{t('İtirilmiş əşyalar bürosu')}</Muted>
          </Stack>
          <Nav aria-label={t('Büro bölmələri')}>
            <ul>
              {LINKS.filter((l) => isAdmin || !l.adminOnly).map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end>
                    {t(l.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </Nav>
          {children}
        </Stack>
      </Container>
    </Page>
  );
}
