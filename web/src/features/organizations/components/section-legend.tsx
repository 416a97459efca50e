import styled from 'styled-components';
import { color, font, space } from '../../../components/ui/theme';

/** A small heading between groups of a dialog's fields. */
export const SectionLegend = styled.h3`
  font-size: ${font.size.sm};
  font-weight: ${font.weight.bold};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${color.muted};
  padding-bottom: ${space(1)};
  border-bottom: 1px solid ${color.border};
`;
