import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styled, { css } from 'styled-components';
import { color, font, radius, space } from './theme';

const Row = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${space(2.5)};
  min-height: 44px;
  cursor: pointer;
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
  user-select: none;
`;

const box = css`
  appearance: none;
  flex: none;
  margin: 0;
  cursor: pointer;
  border: 2px solid ${color.borderStrong};
  background: ${color.surface};
  display: inline-grid;
  place-content: center;
  &:focus-visible {
    outline: 3px solid ${color.focus};
    outline-offset: 2px;
  }
`;

const Box = styled.input`
  ${box}
  width: 20px;
  height: 20px;
  border-radius: ${radius.sm};
  &::before {
    content: '';
    width: 10px;
    height: 10px;
    transform: scale(0);
    transition: transform 0.1s;
    background: #fff;
    clip-path: polygon(14% 44%, 0 65%, 50% 100%, 100% 16%, 80% 0%, 43% 62%);
  }
  &:checked {
    background: ${color.primary};
    border-color: ${color.primary};
  }
  &:checked::before {
    transform: scale(1);
  }
`;

const Switch = styled.input`
  ${box}
  width: 44px;
  height: 24px;
  border-radius: ${radius.pill};
  place-content: center start;
  padding: 0 2px;
  background: ${color.border};
  border-color: ${color.border};
  transition: background 0.15s;
  &::before {
    content: '';
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: #fff;
    transition: transform 0.15s;
  }
  &:checked {
    background: ${color.primary};
    border-color: ${color.primary};
  }
  &:checked::before {
    transform: translateX(20px);
  }
`;

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** Render as an on/off switch (role="switch"). */
  asSwitch?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, asSwitch, id: givenId, ...rest }: CheckboxProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <Row htmlFor={id}>
      {asSwitch ? (
        <Switch id={id} type="checkbox" role="switch" {...rest} />
      ) : (
        <Box id={id} type="checkbox" {...rest} />
      )}
      <span>{label}</span>
    </Row>
  );
}
