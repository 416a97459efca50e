import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PageSpinner } from '../../components/ui/spinner';
import { color, radius, space, zIndex } from '../../components/ui/theme';
import { Footer } from '../../components/layout/footer';
import { Header } from './header';
import { useT } from '../../lib/i18n';
import { RouteErrorBoundary } from './route-error-boundary';
import { pageRemovesStaticShell, removeStaticShell } from './static-shell';

const SkipLink = styled.a`
  position: absolute;
  left: ${space(3)};
  top: -100px;
  z-index: ${zIndex.toast};
  padding: ${space(2)} ${space(4)};
  background: ${color.primary};
  color: #fff;
  border-radius: ${radius.md};
  &:focus {
    top: ${space(3)};
  }
`;

const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  /* The page's space is reserved before its code and data arrive: the footer starts below the
     first screen, so it never paints in view and then jumps away (layout shift). */
  min-height: 100vh;
  &:focus {
    outline: none;
  }
`;

/** A new page starts at the top, unless the link points at a section of it. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/**
 * index.html's static shell (header bar, brand and the first screen of / and /rewards) is painted
 * before the code arrives, and the app stays hidden behind it (index.html's CSS) until the page's
 * own code has rendered: it sits inside the page's Suspense boundary, so on a slow connection the
 * shell's hero never gives way to a full-page spinner; the swap is one frame, nothing blinks or moves.
 */
function RemoveStaticShell() {
  useLayoutEffect(() => {
    if (!pageRemovesStaticShell()) removeStaticShell();
  }, []);
  return null;
}

export function Layout() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <>
      <SkipLink href="#main">{t('Əsas məzmuna keç')}</SkipLink>
      <ScrollToTop />
      <Header />
      <Main id="main" tabIndex={-1}>
        <RouteErrorBoundary pathname={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <RemoveStaticShell />
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Main>
      <Footer />
    </>
  );
}
