import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';
import { color, font, radius, space } from './theme';
import { useT } from '../../lib/i18n';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(1.5)};
  min-width: 0;
`;

export const Label = styled.label`
  font-size: ${font.size.sm};
  font-weight: ${font.weight.semibold};
  color: ${color.text};
`;

const RequiredMark = styled.span`
  color: ${color.danger};
  margin-left: 2px;
`;

const Hint = styled.p`
  font-size: ${font.size.xs};
  color: ${color.muted};
`;

export const ErrorText = styled.p`
  font-size: ${font.size.sm};
  color: ${color.danger};
  font-weight: ${font.weight.medium};
`;

export const controlStyles = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: ${space(2.5)} ${space(3)};
  border: 1px solid ${(p) => (p.$invalid ? color.danger : color.border)};
  border-radius: ${radius.md};
  background: ${color.surface};
  font-size: ${font.size.md};
  &::placeholder {
    color: #64748b;
  }
  &:hover:not(:disabled) {
    border-color: ${(p) => (p.$invalid ? color.danger : color.borderStrong)};
  }
  &:focus-visible {
    outline: 3px solid ${color.focus};
    outline-offset: 0;
    border-color: ${color.focus};
  }
  &:disabled {
    background: ${color.subtle};
    cursor: not-allowed;
  }
`;

const Input = styled.input<{ $invalid?: boolean }>`
  ${controlStyles}
`;

const Area = styled.textarea<{ $invalid?: boolean }>`
  ${controlStyles}
  min-height: 120px;
  resize: vertical;
`;

interface FieldChrome {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shows a required mark next to the label. */
  requiredMark?: boolean;
  /** Visually hide the label (it stays for screen readers). */
  hideLabel?: boolean;
}

/** Label, control, hint and error, wired together with ids for assistive technology. */
function useFieldIds(error?: string, hint?: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function Chrome({
  id,
  label,
  requiredMark,
  hideLabel,
  hint,
  hintId,
  error,
  errorId,
  children,
}: FieldChrome & { id: string; hintId?: string; errorId?: string; children: ReactNode }) {
  // Validation messages are Azerbaijani texts from schemas (msg()) or the server: translated here.
  const t = useT();
  return (
    <Wrapper>
      <Label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
        {requiredMark && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </Label>
      {children}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && (
        <ErrorText id={errorId} role="alert">
          {t(error)}
        </ErrorText>
      )}
    </Wrapper>
  );
}

/**
 * Splits a field's props into the chrome's and the control's, wiring label, hint and error to the
 * control by id; TextField, TextArea and Select differ only in the control they render.
 */
export function useField<P extends FieldChrome & { id?: string }>({
  label,
  error,
  hint,
  requiredMark,
  hideLabel,
  id: givenId,
  ...rest
}: P) {
  const ids = useFieldIds(error, hint);
  const id = givenId ?? ids.id;
  return {
    chrome: { id, label, error, hint, requiredMark, hideLabel, hintId: ids.hintId, errorId: ids.errorId },
    control: {
      id,
      $invalid: !!error,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': ids.describedBy,
      ...rest,
    },
  };
}

export interface TextFieldProps extends FieldChrome, Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  ref?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps) {
  const { chrome, control } = useField(props);
  return (
    <Chrome {...chrome}>
      <Input {...control} />
    </Chrome>
  );
}

export interface TextAreaProps extends FieldChrome, TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea(props: TextAreaProps) {
  const { chrome, control } = useField(props);
  return (
    <Chrome {...chrome}>
      <Area {...control} />
    </Chrome>
  );
}

export { Chrome as FieldChrome };
