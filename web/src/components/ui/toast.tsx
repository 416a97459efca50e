import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { color, font, radius, shadow, space, zIndex } from './theme';
import { useT, type Translate } from '../../lib/i18n';

/**
 * The height of the screen's bottom strip a shown toast takes (px), as a CSS variable on <html>:
 * a dialog on a phone keeps its content above it, so a toast never covers the dialog's contact.
 */
export const TOAST_INSET_VARIABLE = '--toast-inset';

/** Spec §9: one toast at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** A link under the text (a full page load: toasts live outside the router). */
  link?: { href: string; label: string };
}

interface ToastState extends ToastInput {
  id: number;
}

interface ToastContextValue {
  toast: (input: ToastInput) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

const Viewport = styled.div`
  position: fixed;
  z-index: ${zIndex.toast};
  right: ${space(4)};
  bottom: ${space(4)};
  left: ${space(4)};
  display: flex;
  justify-content: flex-end;
  pointer-events: none;
`;

const ToastBox = styled.div<{ $variant: NonNullable<ToastInput['variant']> }>`
  pointer-events: auto;
  display: flex;
  gap: ${space(3)};
  align-items: flex-start;
  width: 100%;
  max-width: 420px;
  padding: ${space(4)};
  border-radius: ${radius.md};
  box-shadow: ${shadow.lg};
  border: 1px solid
    ${(p) => (p.$variant === 'destructive' ? color.danger : p.$variant === 'success' ? '#86efac' : color.border)};
  background: ${(p) => (p.$variant === 'destructive' ? color.danger : color.surface)};
  color: ${(p) => (p.$variant === 'destructive' ? '#fff' : color.text)};
  border-left: 6px solid
    ${(p) => (p.$variant === 'destructive' ? color.dangerHover : p.$variant === 'success' ? color.success : color.primary)};
`;

const ToastText = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const ToastTitle = styled.p`
  font-weight: ${font.weight.bold};
`;

const ToastDescription = styled.p`
  font-size: ${font.size.sm};
  margin-top: ${space(1)};
  opacity: 0.92;
`;

const Close = styled.button`
  flex: none;
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: ${radius.sm};
  background: transparent;
  color: inherit;
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: rgba(127, 127, 127, 0.18);
  }
`;

const LiveRegion = styled.div`
  display: contents;
`;

// Texts are Azerbaijani (the key) where they are written; shown in the chosen language here.
function renderToast(
  shown: ToastState,
  variant: NonNullable<ToastInput['variant']>,
  dismiss: () => void,
  t: Translate,
) {
  return (
    <ToastBox key={shown.id} $variant={variant} data-testid="toast">
      <ToastText>
        <ToastTitle>{t(shown.title)}</ToastTitle>
        {shown.description && <ToastDescription>{t(shown.description)}</ToastDescription>}
        {shown.link && (
          <ToastDescription>
            <a href={shown.link.href}>{t(shown.link.label)}</a>
          </ToastDescription>
        )}
      </ToastText>
      <Close type="button" aria-label={t('Bildirişi bağla')} onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </Close>
    </ToastBox>
  );
}

export function ToastProvider({
  children,
  duration = TOAST_DURATION_MS,
}: {
  children: ReactNode;
  duration?: number;
}) {
  const t = useT();
  const [current, setCurrent] = useState<ToastState | null>(null);
  const counter = useRef(0);
  const viewport = useRef<HTMLDivElement>(null);

  const toast = useCallback((input: ToastInput) => {
    counter.current += 1;
    // One at a time: a new toast replaces the one on screen.
    setCurrent({ ...input, id: counter.current });
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent((c) => (c?.id === current.id ? null : c)), duration);
    return () => clearTimeout(timer);
  }, [current, duration]);

  useLayoutEffect(() => {
    const root = document.documentElement;
    const box = viewport.current?.querySelector('[data-testid="toast"]');
    if (!current || !box) return;
    const measure = () =>
      root.style.setProperty(
        TOAST_INSET_VARIABLE,
        `${Math.max(0, Math.ceil(window.innerHeight - box.getBoundingClientRect().top))}px`,
      );
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(TOAST_INSET_VARIABLE);
    };
  }, [current]);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  const variant = current?.variant ?? 'default';
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Viewport ref={viewport} role="region" aria-label={t('Bildirişlər')}>
        {/* Both live regions exist before any toast, so screen readers announce what appears. */}
        <LiveRegion role="status" aria-live="polite">
          {current && variant !== 'destructive' && renderToast(current, variant, dismiss, t)}
        </LiveRegion>
        <LiveRegion role="alert" aria-live="assertive">
          {current && variant === 'destructive' && renderToast(current, variant, dismiss, t)}
        </LiveRegion>
      </Viewport>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
