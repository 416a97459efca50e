import styled, { keyframes } from 'styled-components';
import { color, space } from './theme';
import { msg, useT } from '../../lib/i18n';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border: ${(p) => Math.max(2, Math.round(p.$size / 8))}px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2s;
  }
`;

export interface SpinnerProps {
  size?: number;
  /** Read by screen readers; omit when the spinner sits in a labelled button. */
  label?: string;
}

export function Spinner({ size = 18, label }: SpinnerProps) {
  if (!label) return <Ring $size={size} aria-hidden="true" />;
  return <Ring $size={size} role="status" aria-label={label} />;
}

const Centered = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space(3)};
  padding: ${space(16)} ${space(4)};
  color: ${color.primary};
  flex: 1;
`;

/** A whole-page loading state. */
export function PageSpinner({ label = msg('Yüklənir...') }: { label?: string }) {
  const t = useT();
  return (
    <Centered>
      <Spinner size={36} label={t(label)} />
    </Centered>
  );
}
