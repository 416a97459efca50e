import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AUTH_MESSAGES, type ClientUser, type InvitationSummary } from '@tapinti/contracts/auth-api';
import { isReservedUsername } from '@tapinti/contracts/username-key';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Stack } from '../../../components/ui/layout';
import { useToast } from '../../../components/ui/toast';
import { errorToast, setServerFieldError } from '../../../lib/submit-errors';
import { invitationAccountFormSchema, useAcceptInvitation } from '../api/invitations';
import { msg, useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type FormSchema = ReturnType<typeof invitationAccountFormSchema>;
type FormInput = z.input<FormSchema>;
type FormOutput = z.output<FormSchema>;
const FIELDS = ['username', 'password', 'confirmPassword'] as const;

const FAILURE = msg('Dəvət qəbul edilərkən xəta baş verdi');

export interface AcceptInvitationFormProps {
  token: string;
  invitation: InvitationSummary;
  /** The caller's success behaviour (toast, going to /org-admin): the form only accepts. */
  onSuccess: (user: ClientUser) => void;
}

/** A signed-out invitee creates the organisation admin's account (the e-mail is the invited one). */
export function AcceptInvitationForm({ token, invitation, onSuccess }: AcceptInvitationFormProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useAcceptInvitation();
  // The password may not hold the invited e-mail's local part either.
  const schema = useMemo(() => invitationAccountFormSchema(invitation.email), [invitation.email]);
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    watch,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: FormOutput) => {
    let user: ClientUser;
    try {
      user = await trigger({ token, ...values });
    } catch (error) {
      toast(errorToast(error, FAILURE));
      setServerFieldError(error, FIELDS, setError);
      return;
    }
    onSuccess(user);
  };

  // The server refuses a staff-like name ('parkbulvar_admin'): say so under the field as it is typed.
  const reserved = isReservedUsername(watch('username') ?? '');

  return (
    <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Dəvəti qəbul et')}>
      <Stack $gap={4}>
        <TextField label={t('E-poçt')} type="email" value={invitation.email} readOnly disabled />
        <TextField
          label={t('İstifadəçi adı')}
          autoComplete="username"
          error={errors.username?.message ?? (reserved ? AUTH_MESSAGES.usernameReserved : undefined)}
          requiredMark
          {...register('username')}
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
        <Button type="submit" fullWidth loading={submitting || isMutating}>
          {t('Hesab yarat və dəvəti qəbul et')}
        </Button>
      </Stack>
    </form>
  );
}

export interface AcceptInvitationButtonProps {
  token: string;
  onSuccess: (user: ClientUser) => void;
}

/** Signed in with the invited e-mail: one button gives this account the organisation admin's role. */
export function AcceptInvitationButton({ token, onSuccess }: AcceptInvitationButtonProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useAcceptInvitation();
  const accept = async () => {
    let user: ClientUser;
    try {
      user = await trigger({ token });
    } catch (error) {
      toast(errorToast(error, FAILURE));
      return;
    }
    onSuccess(user);
  };
  return (
    <Button fullWidth loading={isMutating} onClick={() => void accept()}>
      {t('Dəvəti qəbul et')}
    </Button>
  );
}
