import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PageSpinner } from '../../components/ui/spinner';
import { color, radius, space, zIndex } from '../../components/ui/theme';
import { Footer } from '../../components/layout/footer';
import { Header } from './header';

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

export function Layout() {
  return (
    <>
      <SkipLink href="#main">Əsas məzmuna keç</SkipLink>
      <ScrollToTop />
      <Header />
      <Main id="main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Main>
      <Footer />
    </>
  );
}
