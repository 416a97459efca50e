import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { FieldChrome, controlStyles, useField } from './field';
import { color, space } from './theme';
import { useT } from '../../lib/i18n';

const StyledSelect = styled.select<{ $invalid?: boolean }>`
  ${controlStyles}
  appearance: none;
  padding-right: ${space(10)};
  background-image:
    linear-gradient(45deg, transparent 50%, ${color.muted} 50%),
    linear-gradient(135deg, ${color.muted} 50%, transparent 50%);
  background-position:
    calc(100% - 20px) 50%,
    calc(100% - 14px) 50%;
  background-size: 6px 6px;
  background-repeat: no-repeat;
  cursor: pointer;
`;

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  requiredMark?: boolean;
  /** A first, empty choice such as 'Kateqoriya seçin'. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ options, placeholder, ...props }: SelectProps) {
  const { chrome, control } = useField(props);
  // Option texts often come from constants marked with msg(): translated where shown.
  const t = useT();
  return (
    <FieldChrome {...chrome}>
      <StyledSelect {...control}>
        {placeholder !== undefined && <option value="">{t(placeholder)}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </StyledSelect>
    </FieldChrome>
  );
}
