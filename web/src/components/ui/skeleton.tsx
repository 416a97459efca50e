import styled, { keyframes } from 'styled-components';
import { color, radius } from './theme';

const pulse = keyframes`50% { opacity: 0.55; }`;

/**
 * A grey block standing in for content still loading, given the content's size so nothing moves
 * when it arrives. Purely visual: the loading state's text is said by a `role="status"` next to it.
 */
export const SkeletonBlock = styled.span<{ $width?: string; $height?: string }>`
  display: block;
  width: ${(p) => p.$width ?? '100%'};
  height: ${(p) => p.$height ?? '1em'};
  border-radius: ${radius.sm};
  background: ${color.subtle};
  animation: ${pulse} 1.6s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
