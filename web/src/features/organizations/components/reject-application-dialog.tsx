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

type FormInput = z.input<typeof rejectRequestSchema>;
type FormOutput = z.output<typeof rejectRequestSchema>;

export interface RejectApplicationDialogProps {
  application: Application;
  onClose: () => void;
  onSuccess: (application: Application) => void;
}

/** Rejecting needs a reason (spec §5: 'Rədd etmə səbəbi daxil edin'). */
export function RejectApplicationDialog({ application, onClose, onSuccess }: RejectApplicationDialogProps) {
  const { toast } = useToast();
  const { trigger, isMutating } = useRejectApplication();
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
      toast(errorToast(error, 'Müraciət rədd edilərkən xəta baş verdi'));
      return;
    }
    onSuccess(rejected);
  };

  return (
    <Modal open onClose={onClose} title="Müraciəti rədd et" description={application.organizationName}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Müraciəti rədd et">
        <Stack $gap={4}>
          <TextArea
            label="Rədd etmə səbəbi"
            requiredMark
            rows={4}
            placeholder="Məsələn: təşkilat haqqında məlumat təsdiqlənmədi"
            error={errors.reason?.message}
            data-autofocus
            {...register('reason')}
          />
          <Row $justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              Ləğv et
            </Button>
            <Button type="submit" variant="danger" loading={isMutating}>
              Rədd et
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
