import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import type { z } from 'zod';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Row, Stack } from '../../../components/ui/layout';
import { useToast } from '../../../components/ui/toast';
import { errorToast, setServerFieldError } from '../../../lib/submit-errors';
import { USER_KEY } from '../api/get-user';
import { profileSchema, useUpdateProfile } from '../api/update-profile';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type ProfileInput = z.input<typeof profileSchema>;
type ProfileOutput = z.output<typeof profileSchema>;
const FIELDS = ['username', 'email', 'phone'] as const;

export interface ProfileFormProps {
  user: ClientUser;
  /** The caller's success behaviour (a toast): the form saves, refreshes the user and resets. */
  onSuccess?: (user: ClientUser) => void;
}

export function ProfileForm({ user, onSuccess }: ProfileFormProps) {
  const t = useT();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const { trigger, isMutating } = useUpdateProfile();
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { username: user.username, email: user.email, phone: user.phone ?? '' },
  });

  const onSubmit = async (values: ProfileOutput) => {
    let updated: ClientUser;
    try {
      updated = await trigger(values);
      // Spec §7: the profile call refreshes /api/user.
      await mutate(USER_KEY, updated);
      reset({ username: updated.username, email: updated.email, phone: updated.phone ?? '' });
    } catch (error) {
      toast(errorToast(error, t('Profil yenilənərkən xəta baş verdi')));
      setServerFieldError(error, FIELDS, setError);
      return;
    }
    onSuccess?.(updated);
  };

  return (
    <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Profil məlumatları')}>
      <Stack $gap={4}>
        <TextField
          label={t('İstifadəçi adı')}
          autoComplete="username"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label={t('E-poçt')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('Telefon')}
          type="tel"
          autoComplete="tel"
          placeholder="+994501234567"
          hint={t('İstəyə bağlı, beynəlxalq formatda')}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Row $justify="flex-end">
          <Button type="submit" loading={submitting || isMutating} disabled={!isDirty}>
            {isMutating ? t('Yadda saxlanılır...') : t('Yadda saxla')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
