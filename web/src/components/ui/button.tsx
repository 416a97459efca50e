import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Spinner } from './spinner';
import { color, font, radius, space } from './theme';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth?: boolean;
}

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${color.primary};
    color: #fff;
    border-color: ${color.primary};
    &:hover:not(:disabled) {
      background: ${color.primaryHover};
      border-color: ${color.primaryHover};
    }
  `,
  secondary: css`
    background: ${color.primarySoft};
    color: ${color.primaryHover};
    border-color: ${color.primarySoft};
    &:hover:not(:disabled) {
      background: #bfdbfe;
    }
  `,
  outline: css`
    background: ${color.surface};
    color: ${color.text};
    border-color: ${color.border};
    &:hover:not(:disabled) {
      border-color: ${color.borderStrong};
      background: ${color.subtle};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${color.text};
    border-color: transparent;
    &:hover:not(:disabled) {
      background: ${color.subtle};
    }
  `,
  danger: css`
    background: ${color.danger};
    color: #fff;
    border-color: ${color.danger};
    &:hover:not(:disabled) {
      background: ${color.dangerHover};
    }
  `,
  inverse: css`
    background: #fff;
    color: ${color.primaryHover};
    border-color: #fff;
    &:hover:not(:disabled) {
      background: ${color.primarySoft};
    }
  `,
};

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  sm: css`
    min-height: 36px;
    padding: ${space(1.5)} ${space(3)};
    font-size: ${font.size.sm};
  `,
  md: css`
    min-height: 44px;
    padding: ${space(2.5)} ${space(4)};
    font-size: ${font.size.md};
  `,
  lg: css`
    min-height: 52px;
    padding: ${space(3)} ${space(6)};
    font-size: ${font.size.lg};
  `,
};

export const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(2)};
  border: 1px solid transparent;
  border-radius: ${radius.md};
  font-weight: ${font.weight.semibold};
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition:
    background 0.15s,
    border-color 0.15s;
  width: ${(p) => (p.$fullWidth ? '100%' : 'auto')};
  ${(p) => variants[p.$variant]}
  ${(p) => sizes[p.$size]}
  &:disabled {
    cursor: not-allowed;
    opacity: 0.65;
  }
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Disables the button and shows a spinner (a pending request). */
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth,
  loading = false,
  icon,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={16} /> : icon}
      {children}
    </StyledButton>
  );
}

const StyledLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** A link (navigation) that looks like a button. */
export function ButtonLink({ variant = 'primary', size = 'md', fullWidth, ...rest }: ButtonLinkProps) {
  return <StyledLink $variant={variant} $size={size} $fullWidth={fullWidth} {...rest} />;
}

const StyledAnchor = styled.a<StyleProps>`
  ${buttonStyles}
`;

export interface AnchorButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** A link outside the app's routes (a PDF the browser opens in a new tab) that looks like a button. */
export function AnchorButton({ variant = 'primary', size = 'md', fullWidth, ...rest }: AnchorButtonProps) {
  return <StyledAnchor $variant={variant} $size={size} $fullWidth={fullWidth} {...rest} />;
}
