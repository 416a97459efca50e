import styled from 'styled-components';
import { color, font, radius, space } from './theme';

const Track = styled.div`
  height: 10px;
  border-radius: ${radius.pill};
  background: ${color.subtle};
  border: 1px solid ${color.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  background: ${color.primary};
  transition: width 0.2s ease-out;
`;

const Caption = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${space(2)};
  font-size: ${font.size.sm};
  color: ${color.muted};
  margin-bottom: ${space(1)};
`;

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
}

export function ProgressBar({ value, label }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div>
      <Caption>
        <span>{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </Caption>
      <Track
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <Fill style={{ width: `${percent}%` }} />
      </Track>
    </div>
  );
}
