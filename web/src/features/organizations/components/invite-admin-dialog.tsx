import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  invitationRequestSchema,
  INVITATION_VALID_DAYS,
  type Invitation,
  type Organization,
} from '@tapinti/contracts/organizations-api';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { errorToast, setServerFieldError } from '../../../lib/submit-errors';
import { useInviteAdmin } from '../api/organizations';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type FormInput = z.input<typeof invitationRequestSchema>;
type FormOutput = z.output<typeof invitationRequestSchema>;

export interface InviteAdminDialogProps {
  organization: Pick<Organization, 'id' | 'name' | 'contactEmail'>;
  onClose: () => void;
  onSuccess: (invitation: Invitation) => void;
}

/** Invites someone by e-mail to become the organisation's admin (a link valid for 7 days). */
export function InviteAdminDialog({ organization, onClose, onSuccess }: InviteAdminDialogProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useInviteAdmin();
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(invitationRequestSchema),
    defaultValues: { email: organization.contactEmail },
  });

  const onSubmit = async ({ email }: FormOutput) => {
    let invitation: Invitation;
    try {
      invitation = await trigger({ id: organization.id, email });
    } catch (error) {
      toast(errorToast(error, t('Dəvət göndərilərkən xəta baş verdi')));
      setServerFieldError(error, ['email'], setError);
      return;
    }
    onSuccess(invitation);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('Admin dəvət et')}
      description={t('{organization}: dəvət linki e-poçtla göndəriləcək və {days} gün etibarlı olacaq.', {
        organization: organization.name,
        days: INVITATION_VALID_DAYS,
      })}
    >
      <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Admin dəvət et')}>
        <Stack $gap={4}>
          <TextField
            label={t('E-poçt')}
            type="email"
            requiredMark
            error={errors.email?.message}
            data-autofocus
            {...register('email')}
          />
          <Row $justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              {t('Ləğv et')}
            </Button>
            <Button type="submit" loading={submitting || isMutating}>
              {t('Dəvət göndər')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
