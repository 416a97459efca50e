import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProvider } from '../app/provider';

/** Shows the current path, so tests can assert on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** The app's providers with a fresh SWR cache, e.g. as `renderHook`'s wrapper. */
export function TestProviders({ children }: { children: ReactNode }) {
  return <AppProvider swrProvider={() => new Map()}>{children}</AppProvider>;
}

export interface RenderAppOptions extends Omit<RenderOptions, 'wrapper'> {
  route?: string;
  /** Render `ui` at this route pattern (e.g. '/create'); other paths render nothing. */
  path?: string;
}

/** Providers (own SWR cache, toasts, styles) and a memory router around the element. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, ...options }: RenderAppOptions = {},
) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders>
      <MemoryRouter initialEntries={[route]}>
        {path ? (
          <Routes>
            <Route path={path} element={children} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          children
        )}
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
