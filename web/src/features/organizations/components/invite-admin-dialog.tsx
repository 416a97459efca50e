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
import { Select } from '../../../components/ui/select';
import { Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { errorToast, setServerFieldError } from '../../../lib/submit-errors';
import { useInviteAdmin } from '../api/organizations';
import { msg, useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type FormInput = z.input<typeof invitationRequestSchema>;
type FormOutput = z.output<typeof invitationRequestSchema>;

export interface InviteAdminDialogProps {
  organization: Pick<Organization, 'id' | 'name' | 'contactEmail'>;
  onClose: () => void;
  onSuccess: (invitation: Invitation) => void;
  /** The organisation's own staff tab: a role is chosen (staff by default) and the e-mail starts empty. */
  withRole?: boolean;
}

export const MEMBER_ROLE_LABELS = { org_admin: msg('Admin'), org_staff: msg('Əməkdaş') } as const;
const ROLE_OPTIONS = [
  { value: 'org_staff', label: MEMBER_ROLE_LABELS.org_staff },
  { value: 'org_admin', label: MEMBER_ROLE_LABELS.org_admin },
];

/**
 * Invites someone by e-mail to become the organisation's admin or, `withRole`, admin or staff (a
 * link valid for 7 days).
 */
export function InviteAdminDialog({
  organization,
  onClose,
  onSuccess,
  withRole = false,
}: InviteAdminDialogProps) {
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
    defaultValues: withRole ? { email: '', role: 'org_staff' } : { email: organization.contactEmail },
  });

  const onSubmit = async ({ email, role }: FormOutput) => {
    let invitation: Invitation;
    try {
      invitation = await trigger({ id: organization.id, email, ...(withRole ? { role } : {}) });
    } catch (error) {
      toast(errorToast(error, t('Dəvət göndərilərkən xəta baş verdi')));
      setServerFieldError(error, ['email'], setError);
      return;
    }
    onSuccess(invitation);
  };

  const title = withRole ? t('Heyətə dəvət et') : t('Admin dəvət et');
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={t('{organization}: dəvət linki e-poçtla göndəriləcək və {days} gün etibarlı olacaq.', {
        organization: organization.name,
        days: INVITATION_VALID_DAYS,
      })}
    >
      <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={title}>
        <Stack $gap={4}>
          <TextField
            label={t('E-poçt')}
            type="email"
            requiredMark
            error={errors.email?.message}
            data-autofocus
            {...register('email')}
          />
          {withRole && (
            <Select
              label={t('Rol')}
              options={ROLE_OPTIONS}
              error={errors.role?.message}
              {...register('role')}
            />
          )}
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
