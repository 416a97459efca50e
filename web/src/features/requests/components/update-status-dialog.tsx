import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateRequestStatusSchema, type HandledRequest } from '@tapinti/contracts/requests-api';
import { Button } from '../../../components/ui/button';
import { Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/submit-errors';
import { useUpdateRequestStatus } from '../api/requests';
import { nextStatuses, REQUEST_STATUS_CHOICES } from '../labels';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type FormInput = z.input<typeof updateRequestStatusSchema>;
type FormOutput = z.output<typeof updateRequestStatusSchema>;

export interface UpdateStatusDialogProps {
  request: HandledRequest;
  onClose: () => void;
  /** The caller's success behaviour (toast 'Sorğu statusu yeniləndi'): the dialog only updates. */
  onSuccess: (request: HandledRequest) => void;
}

/** A status must be chosen (spec §5): contacted, resolved_claimed or resolved_rejected. */
export function UpdateStatusDialog({ request, onClose, onSuccess }: UpdateStatusDialogProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useUpdateRequestStatus();
  const options = nextStatuses(request.status).map((value) => ({
    value,
    label: REQUEST_STATUS_CHOICES[value],
  }));
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(updateRequestStatusSchema),
    defaultValues: { status: '' as FormInput['status'] },
  });

  const onSubmit = async ({ status }: FormOutput) => {
    let updated: HandledRequest;
    try {
      updated = await trigger({ id: request.id, status });
    } catch (error) {
      toast(errorToast(error, t('Sorğunun statusu yenilənərkən xəta baş verdi')));
      return;
    }
    onSuccess(updated);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('Sorğunun statusunu yenilə')}
      description={`${request.announcement?.title ?? t('Elan')} · ${request.username ?? t('İstifadəçi')}`}
    >
      <form
        noValidate
        onSubmit={submitOnce(handleSubmit(onSubmit))}
        aria-label={t('Sorğunun statusunu yenilə')}
      >
        <Stack $gap={4}>
          <Select
            label={t('Yeni status')}
            options={options}
            placeholder={t('Status seçin')}
            hint={t(
              'Qəbul etdikdə sahibinə 6 rəqəmli təhvil kodu göndərilir. Əşyanı verərkən kodu ondan soruşub daxil edirsiniz: müraciət yalnız bundan sonra həll olunmuş sayılır.',
            )}
            requiredMark
            error={errors.status?.message}
            data-autofocus
            {...register('status')}
          />
          <Row $justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              {t('Ləğv et')}
            </Button>
            <Button type="submit" loading={submitting || isMutating}>
              {t('Yadda saxla')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
