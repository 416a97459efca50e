import styled, { css } from 'styled-components';
import { color, radius, shadow, space } from './theme';

export const cardStyles = css`
  background: ${color.surface};
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  box-shadow: ${shadow.sm};
  min-width: 0;
`;

export const Card = styled.div`
  ${cardStyles}
`;

export const CardBody = styled.div`
  padding: ${space(5)};
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
`;
