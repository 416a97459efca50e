import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { passwordResetRequestSchema } from '@tapinti/contracts/auth-api';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Alert, Muted, Stack } from '../../components/ui/layout';
import { useToast } from '../../components/ui/toast';
import { requestPasswordReset } from '../../features/auth/api/account-security';
import { errorToast, setServerFieldError } from '../../lib/submit-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InfoPage, Panel } from './info-page';
import { rich, useT } from '../../lib/i18n';
import { useSubmitOnce } from '../../lib/use-submit-once';

type Input = z.input<typeof passwordResetRequestSchema>;
type Output = z.output<typeof passwordResetRequestSchema>;

/**
 * /forgot-password (issue 15): the e-mail of the account; the answer is the same whether it has
 * one or not, and a link that works for an hour is e-mailed when it has.
 */
export default function ForgotPasswordPage() {
  const t = useT();
  useDocumentTitle(t('Şifrənin bərpası'));
  const { toast } = useToast();
  const [sent, setSent] = useState<string | null>(null);
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: Output) => {
    try {
      setSent((await requestPasswordReset(values.email)).message);
    } catch (error) {
      toast(errorToast(error, t('Sorğu göndərilə bilmədi. Bir az sonra yenidən cəhd edin')));
      setServerFieldError(error, ['email'] as const, setError);
    }
  };

  return (
    <InfoPage
      title={t('Şifrənin bərpası')}
      lead={t('Hesabınızın e-poçt ünvanını yazın: yeni şifrə təyin etmək üçün link göndərəcəyik.')}
      narrow
      back={false}
    >
      <Panel>
        {sent ? (
          <Stack $gap={4}>
            <Alert $tone="info" role="status">
              <p>{sent}</p>
            </Alert>
            <Muted>
              {rich(t('Məktub gəlmədisə, spam qovluğuna baxın və ya {retry}.'), {
                retry: (
                  <Link to="/forgot-password" reloadDocument>
                    {t('yenidən cəhd edin')}
                  </Link>
                ),
              })}
            </Muted>
          </Stack>
        ) : (
          <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Şifrənin bərpası')}>
            <Stack $gap={4}>
              <TextField
                label={t('E-poçt')}
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...register('email')}
              />
              <Button type="submit" fullWidth loading={submitting}>
                {t('Bərpa linkini göndər')}
              </Button>
              <Muted>
                {t('Şifrənizi xatırladınız?')} <Link to="/auth">{t('Daxil olun')}</Link>
              </Muted>
            </Stack>
          </form>
        )}
      </Panel>
    </InfoPage>
  );
}
