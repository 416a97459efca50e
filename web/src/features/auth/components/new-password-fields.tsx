import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';

export interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn<'password'>;
  confirmPassword: UseFormRegisterReturn<'confirmPassword'>;
  errors: { password?: string; confirmPassword?: string };
}

/** The new password and its confirmation (password reset, password change). */
export function NewPasswordFields({ password, confirmPassword, errors }: NewPasswordFieldsProps) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('Yeni şifrə')}
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...password}
      />
      <TextField
        label={t('Yeni şifrəni təsdiqləyin')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...confirmPassword}
      />
    </>
  );
}
