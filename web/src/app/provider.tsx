import type { ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { GlobalStyle } from '../components/ui/global-style';
import { ToastProvider } from '../components/ui/toast';
import { I18nProvider } from '../lib/i18n';
import { swrConfig } from '../lib/swr';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass `() => new Map()` for a cache of their own. */
  swrProvider?: () => Cache;
}

export function AppProvider({ children, swrProvider }: AppProviderProps) {
  return (
    <I18nProvider>
      <SWRConfig value={swrProvider ? { ...swrConfig, provider: swrProvider } : swrConfig}>
        <ToastProvider>
          <GlobalStyle />
          {children}
        </ToastProvider>
      </SWRConfig>
    </I18nProvider>
  );
}
