import styled from 'styled-components';
import { color, font, media, space } from './theme';

/** Page width limit with side padding that still leaves room at 360 px. */
export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${(p) => (p.$narrow ? '760px' : '1200px')};
  margin: 0 auto;
  padding: 0 ${space(4)};
  ${media.md} {
    padding: 0 ${space(6)};
  }
`;

export const Stack = styled.div<{ $gap?: number; $align?: string }>`
  display: flex;
  flex-direction: column;
  gap: ${(p) => space(p.$gap ?? 4)};
  align-items: ${(p) => p.$align ?? 'stretch'};
  min-width: 0;
`;

export const Row = styled.div<{ $gap?: number; $justify?: string; $wrap?: boolean }>`
  display: flex;
  align-items: center;
  flex-wrap: ${(p) => (p.$wrap === false ? 'nowrap' : 'wrap')};
  gap: ${(p) => space(p.$gap ?? 3)};
  justify-content: ${(p) => p.$justify ?? 'flex-start'};
  min-width: 0;
`;

export const Section = styled.section<{ $tone?: 'plain' | 'subtle' | 'inverse' }>`
  padding: ${space(12)} 0;
  background: ${(p) => (p.$tone === 'subtle' ? color.subtle : p.$tone === 'inverse' ? color.inverse : 'transparent')};
  color: ${(p) => (p.$tone === 'inverse' ? color.inverseText : 'inherit')};
  ${media.md} {
    padding: ${space(16)} 0;
  }
`;

export const PageTitle = styled.h1`
  font-size: ${font.size.xxl};
  font-weight: ${font.weight.bold};
`;

export const SectionTitle = styled.h2`
  font-size: ${font.size.xxl};
  font-weight: ${font.weight.bold};
`;

export const Muted = styled.p`
  color: ${color.muted};
`;

/** 1, 2 or 3 columns by width. */
export const Grid = styled.div<{ $min?: number }>`
  display: grid;
  gap: ${space(5)};
  grid-template-columns: minmax(0, 1fr);
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

/** Two form fields side by side from the small breakpoint, one above the other below it. */
export const FieldPair = styled.div`
  display: grid;
  gap: ${space(4)};
  grid-template-columns: minmax(0, 1fr);
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export const EmptyState = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space(3)};
  text-align: center;
  padding: ${space(12)} ${space(4)};
  color: ${color.muted};
  border: 2px dashed ${color.border};
  border-radius: 16px;
  background: ${color.surface};
`;

export const Alert = styled.div<{ $tone?: 'danger' | 'info' }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space(3)};
  text-align: center;
  padding: ${space(8)} ${space(4)};
  border-radius: 16px;
  border: 1px solid ${(p) => (p.$tone === 'info' ? color.primarySoft : '#fecaca')};
  background: ${(p) => (p.$tone === 'info' ? '#eff6ff' : color.dangerSoft)};
  color: ${(p) => (p.$tone === 'info' ? color.primaryHover : color.danger)};
`;
