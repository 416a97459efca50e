import { Component, useLayoutEffect, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/layout';
import { space } from '../../components/ui/theme';
import { Warning } from '../../components/ui/warning';
import { useT } from '../../lib/i18n';
import { removeStaticShell } from './static-shell';

const Box = styled(Container)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${space(3)};
  padding-block: ${space(8)};
`;

/**
 * What a page that failed to load shows: most often its code chunk did not arrive (a dropped mobile
 * connection, or a new release replaced the chunk the open tab asks for), which a reload fixes.
 * The static shell goes, or it would keep covering the app and the page would look stuck.
 */
function PageFailed() {
  const t = useT();
  useLayoutEffect(removeStaticShell, []);
  return (
    <Box role="alert">
      <Warning>{t('Səhifə yüklənmədi. İnternet bağlantınızı yoxlayıb yenidən cəhd edin.')}</Warning>
      <Button onClick={() => window.location.reload()}>{t('Yenidən yüklə')}</Button>
    </Box>
  );
}

interface Props {
  /** The page's path: going to another page tries again (a failure belongs to its page). */
  pathname: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  pathname: string;
}

/** Catches a route's failure to load or render, so the reader gets a way on instead of a blank page. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}
