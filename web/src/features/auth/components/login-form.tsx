import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { z } from 'zod';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { Row, Stack } from '../../../components/ui/layout';
import { color, font } from '../../../components/ui/theme';
import { loginSchema } from '../api/login';
import { useLoginAction } from '../hooks/use-auth-actions';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type LoginInput = z.input<typeof loginSchema>;
type LoginOutput = z.output<typeof loginSchema>;

export const TextLink = styled.a`
  font-size: ${font.size.sm};
  color: ${color.primary};
  font-weight: ${font.weight.medium};
`;

export interface LoginFormProps {
  /** The caller's success behaviour (welcome toast, redirect): the form only signs in. */
  onSuccess?: (user: ClientUser) => void;
  /** The modal shows a 'remember me' box (no behaviour, spec §2). */
  showRemember?: boolean;
  footer?: ReactNode;
  /** Called when a link leaves the form (the modal closes). */
  onLeave?: () => void;
}

export function LoginForm({ onSuccess, showRemember = false, footer, onLeave }: LoginFormProps) {
  const t = useT();
  const { submit, isPending } = useLoginAction({ onSuccess });
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  return (
    <form
      noValidate
      onSubmit={submitOnce(handleSubmit((values) => submit(values)))}
      aria-label={t('Daxil ol')}
    >
      <Stack $gap={4}>
        <TextField
          label={t('E-poçt və ya istifadəçi adı')}
          placeholder={t('E-poçt və ya telefon (+994501234567)')}
          autoComplete="username"
          error={errors.username?.message}
          data-autofocus
          {...register('username')}
        />
        <TextField
          label={t('Şifrə')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Row $justify="space-between">
          {showRemember ? <Checkbox label={t('Məni xatırla')} name="remember" /> : <span />}
          {/* Issue 15: the spec's dead link now opens password recovery. */}
          <TextLink as={Link} to="/forgot-password" onClick={onLeave}>
            {t('Şifrəni unutmusunuz?')}
          </TextLink>
        </Row>
        <Button type="submit" fullWidth loading={submitting || isPending}>
          {isPending ? t('Daxil olunur...') : t('Daxil ol')}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
