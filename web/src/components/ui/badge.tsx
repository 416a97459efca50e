import styled from 'styled-components';
import { color, font, radius, space } from './theme';

export type BadgeTone = 'neutral' | 'primary' | 'danger' | 'success' | 'reward' | 'accent';

const tones: Record<BadgeTone, { bg: string; fg: string }> = {
  neutral: { bg: color.subtle, fg: color.text },
  primary: { bg: color.primarySoft, fg: color.primaryHover },
  danger: { bg: color.dangerSoft, fg: color.danger },
  success: { bg: color.successSoft, fg: color.success },
  reward: { bg: color.rewardSoft, fg: color.rewardText },
  accent: { bg: color.accentSoft, fg: color.accentText },
};

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  padding: 2px ${space(2.5)};
  border-radius: ${radius.pill};
  font-size: ${font.size.xs};
  font-weight: ${font.weight.semibold};
  line-height: 1.6;
  white-space: nowrap;
  background: ${(p) => tones[p.$tone ?? 'neutral'].bg};
  color: ${(p) => tones[p.$tone ?? 'neutral'].fg};
`;
