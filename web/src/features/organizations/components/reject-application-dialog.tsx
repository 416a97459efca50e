import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { rejectRequestSchema, type Application } from '@tapinti/contracts/organizations-api';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/field';
import { Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/submit-errors';
import { useRejectApplication } from '../api/applications';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type FormInput = z.input<typeof rejectRequestSchema>;
type FormOutput = z.output<typeof rejectRequestSchema>;

export interface RejectApplicationDialogProps {
  application: Application;
  onClose: () => void;
  onSuccess: (application: Application) => void;
}

/** Rejecting needs a reason (spec §5: 'Rədd etmə səbəbi daxil edin'). */
export function RejectApplicationDialog({ application, onClose, onSuccess }: RejectApplicationDialogProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useRejectApplication();
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(rejectRequestSchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = async (body: FormOutput) => {
    let rejected: Application;
    try {
      rejected = await trigger({ id: application.id, body });
    } catch (error) {
      toast(errorToast(error, t('Müraciət rədd edilərkən xəta baş verdi')));
      return;
    }
    onSuccess(rejected);
  };

  return (
    <Modal open onClose={onClose} title={t('Müraciəti rədd et')} description={application.organizationName}>
      <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Müraciəti rədd et')}>
        <Stack $gap={4}>
          <TextArea
            label={t('Rədd etmə səbəbi')}
            requiredMark
            rows={4}
            placeholder={t('Məsələn: təşkilat haqqında məlumat təsdiqlənmədi')}
            error={errors.reason?.message}
            data-autofocus
            {...register('reason')}
          />
          <Row $justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              {t('Ləğv et')}
            </Button>
            <Button type="submit" variant="danger" loading={submitting || isMutating}>
              {t('Rədd et')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
