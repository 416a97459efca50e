import type { ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { GlobalStyle } from '../components/ui/global-style';
import { ToastProvider } from '../components/ui/toast';
import { swrConfig } from '../lib/swr';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass `() => new Map()` for a cache of their own. */
  swrProvider?: () => Cache;
}

export function AppProvider({ children, swrProvider }: AppProviderProps) {
  return (
    <SWRConfig value={swrProvider ? { ...swrConfig, provider: swrProvider } : swrConfig}>
      <ToastProvider>
        <GlobalStyle />
        {children}
      </ToastProvider>
    </SWRConfig>
  );
}
