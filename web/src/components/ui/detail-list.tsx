import type { ReactNode } from 'react';
import styled from 'styled-components';
import { cardStyles } from './card';
import { color, font, media, radius, space } from './theme';

/** A record on a dashboard: a title row with badges, facts as label/value pairs, and actions. */
export const RecordCard = styled.article`
  ${cardStyles}
  padding: ${space(4)};
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  ${media.sm} {
    padding: ${space(5)};
  }
  /* The one record a link named (?request=<id>): it stands out among the others. */
  &[aria-current='true'] {
    outline: 3px solid ${color.primary};
    outline-offset: 2px;
  }
`;

export const RecordHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)} ${space(3)};
  h3 {
    font-size: ${font.size.lg};
    font-weight: ${font.weight.bold};
    overflow-wrap: anywhere;
    margin-right: auto;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space(1)} ${space(4)};
  margin: 0;
  font-size: ${font.size.sm};
  ${media.sm} {
    grid-template-columns: minmax(120px, max-content) minmax(0, 1fr);
    gap: ${space(2)} ${space(4)};
  }
  dt {
    color: ${color.muted};
    font-weight: ${font.weight.semibold};
  }
  dd {
    margin: 0 0 ${space(2)};
    overflow-wrap: anywhere;
    white-space: pre-wrap;
    ${media.sm} {
      margin: 0;
    }
  }
`;

export interface Fact {
  label: ReactNode;
  value: ReactNode;
}

/** Label/value pairs; empty values are left out. */
export function DetailList({ facts, label }: { facts: readonly Fact[]; label?: string }) {
  const shown = facts.filter((f) => f.value !== null && f.value !== undefined && f.value !== '');
  return (
    <Facts aria-label={label}>
      {shown.map((f, i) => (
        <div key={i} style={{ display: 'contents' }}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </Facts>
  );
}

export const RecordActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  padding-top: ${space(3)};
  border-top: 1px solid ${color.subtle};
`;

/**
 * A figure with its label (dashboard counters). Inside a StatGrid (a `<dl>`) it holds only `<dt>`
 * and `<dd>`: a line under the figure is a second `<dd className="note">` (axe: definition-list).
 */
export const StatCard = styled.div`
  ${cardStyles}
  padding: ${space(4)} ${space(5)};
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  min-width: 0;
  dt,
  .label {
    color: ${color.muted};
    font-size: ${font.size.sm};
    font-weight: ${font.weight.semibold};
  }
  dd,
  .value {
    margin: 0;
    font-size: ${font.size.xxl};
    font-weight: ${font.weight.bold};
    color: ${color.text};
  }
  small,
  dd.note {
    color: ${color.muted};
    font-size: ${font.size.xs};
    font-weight: ${font.weight.regular};
  }
`;

/** Counters in a row: 1 column on phones, 2 from small screens, up to `$columns` on wide ones. */
export const StatGrid = styled.dl<{ $columns?: number }>`
  display: grid;
  gap: ${space(3)};
  margin: 0;
  grid-template-columns: minmax(0, 1fr);
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(${(p) => p.$columns ?? 3}, minmax(0, 1fr));
  }
`;

/** A soft box for quoted text (a claimant's message and answers). */
export const Quote = styled.div`
  padding: ${space(3)} ${space(4)};
  border-radius: ${radius.md};
  background: ${color.subtle};
  border-left: 4px solid ${color.primary};
  overflow-wrap: anywhere;
  white-space: pre-wrap;
  font-size: ${font.size.sm};
`;
