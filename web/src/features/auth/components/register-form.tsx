import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Stack } from '../../../components/ui/layout';
import { setServerFieldError } from '../../../lib/submit-errors';
import { registerSchema } from '../api/register';
import { useRegisterAction } from '../hooks/use-auth-actions';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type RegisterInput = z.input<typeof registerSchema>;
type RegisterOutput = z.output<typeof registerSchema>;
const FIELDS = ['username', 'email', 'phone', 'password', 'confirmPassword'] as const;

export interface RegisterFormProps {
  /** The caller's success behaviour (welcome toast): the form only registers (and signs in). */
  onSuccess?: (user: ClientUser) => void;
}

export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const t = useT();
  const { submit, isPending } = useRegisterAction({ onSuccess });
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', email: '', phone: '', password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: RegisterOutput) => {
    const result = await submit(values);
    // A conflict names its field (e.g. the username is taken): show it there too.
    setServerFieldError(result, FIELDS, setError);
  };

  return (
    <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Qeydiyyat')}>
      <Stack $gap={4}>
        <TextField
          label={t('İstifadəçi adı')}
          autoComplete="username"
          error={errors.username?.message}
          requiredMark
          {...register('username')}
        />
        <TextField
          label={t('E-poçt')}
          type="email"
          autoComplete="email"
          placeholder={t('ad@nümunə.az')}
          error={errors.email?.message}
          requiredMark
          {...register('email')}
        />
        <TextField
          label={t('Telefon (istəyə bağlı)')}
          type="tel"
          autoComplete="tel"
          placeholder="+994501234567"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={t('Şifrə')}
          type="password"
          autoComplete="new-password"
          hint={t('Ən azı 8 simvol')}
          error={errors.password?.message}
          requiredMark
          {...register('password')}
        />
        <TextField
          label={t('Şifrəni təsdiqləyin')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          requiredMark
          {...register('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={submitting || isPending}>
          {isPending ? t('Qeydiyyat aparılır...') : t('Qeydiyyatdan keç')}
        </Button>
      </Stack>
    </form>
  );
}
