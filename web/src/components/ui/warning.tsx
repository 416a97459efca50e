import styled from 'styled-components';
import { color, font, radius, space } from './theme';

/** A warning the reader must not miss (before a hand-over, next to a suspicious message). */
export const Warning = styled.p`
  margin: 0;
  padding: ${space(2)} ${space(3)};
  border-radius: ${radius.md};
  background: ${color.warningSoft};
  color: ${color.warning};
  font-weight: ${font.weight.semibold};
`;
