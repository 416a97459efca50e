import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { AUTH_MESSAGES, newPasswordFormSchema } from '@tapinti/contracts/auth-api';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert, Stack } from '../../components/ui/layout';
import { confirmPasswordReset } from '../../features/auth/api/account-security';
import { ApiError, serverMessage } from '../../lib/api-client';
import { setServerFieldError } from '../../lib/submit-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InfoPage, Panel } from './info-page';
import { useT } from '../../lib/i18n';
import { NewPasswordFields } from '../../features/auth/components/new-password-fields';
import { useSubmitOnce } from '../../lib/use-submit-once';

type Input = z.input<typeof newPasswordFormSchema>;
type Output = z.output<typeof newPasswordFormSchema>;

/**
 * /reset-password?token=… (issue 15): a new password by the e-mailed link (the registration's
 * rules); every session of the account ends, and the user signs in with the new password.
 */
export default function ResetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('Yeni şifrə'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(token ? null : AUTH_MESSAGES.resetLinkInvalid);
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: Output) => {
    try {
      await confirmPasswordReset({ token, ...values });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 410 || error.field === 'token'))
        setLinkError(serverMessage(error, AUTH_MESSAGES.resetLinkInvalid));
      else if (error instanceof ApiError && error.field)
        setServerFieldError(error, ['password', 'confirmPassword'] as const, setError);
      else setLinkError(serverMessage(error, t('Şifrə dəyişdirilə bilmədi. Bir az sonra yenidən cəhd edin')));
    }
  };

  return (
    <InfoPage title={t('Yeni şifrə')} narrow back={false}>
      <Panel>
        {done ? (
          <Stack $gap={4}>
            <Alert $tone="info" role="status">
              <p>
                {t('Şifrəniz dəyişdirildi. Bütün cihazlardakı sessiyalar bitdi: yeni şifrə ilə daxil olun.')}
              </p>
            </Alert>
            <ButtonLink to="/auth">{t('Daxil ol')}</ButtonLink>
          </Stack>
        ) : linkError ? (
          <Stack $gap={4}>
            <Alert $tone="danger" role="alert">
              <p>{linkError}</p>
            </Alert>
            <ButtonLink to="/forgot-password">{t('Yeni link istə')}</ButtonLink>
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={submitOnce(handleSubmit(onSubmit))}
            aria-label={t('Yeni şifrənin təyini')}
          >
            <Stack $gap={4}>
              <NewPasswordFields
                password={register('password')}
                confirmPassword={register('confirmPassword')}
                errors={{
                  password: errors.password?.message,
                  confirmPassword: errors.confirmPassword?.message,
                }}
              />
              <Button type="submit" fullWidth loading={submitting}>
                {t('Şifrəni dəyiş')}
              </Button>
              <Link to="/auth">{t('Daxil olma səhifəsinə qayıt')}</Link>
            </Stack>
          </form>
        )}
      </Panel>
    </InfoPage>
  );
}
