import styled from 'styled-components';
import { color, font, radius, space } from '../../../components/ui/theme';

/** A framed, scrolling list of choices (venues to ask, items to answer with) under a legend. */
export const ChoiceList = styled.fieldset<{ $maxHeight: number }>`
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  margin: 0;
  padding: ${space(2)} ${space(3)};
  min-width: 0;
  legend {
    padding: 0 ${space(1)};
    font-size: ${font.size.sm};
    font-weight: ${font.weight.semibold};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    max-height: ${(p) => p.$maxHeight}px;
    overflow-y: auto;
  }
`;
