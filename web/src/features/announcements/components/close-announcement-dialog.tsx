import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  closeAnnouncementRequestSchema,
  type AnnouncementDetails,
  type CloseOutcome,
} from '@tapinti/contracts/announcements-api';
import { Button } from '../../../components/ui/button';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/submit-errors';
import { useCloseAnnouncement } from '../api/announcement-life';
import { msg, useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type FormInput = z.input<typeof closeAnnouncementRequestSchema>;
type FormOutput = z.output<typeof closeAnnouncementRequestSchema>;

const OUTCOME_OPTIONS: { value: CloseOutcome; label: string }[] = [
  { value: 'returned', label: msg('Əşya sahibinə qaytarıldı') },
  { value: 'no_longer_needed', label: msg('Artıq lazım deyil') },
];

export interface CloseAnnouncementDialogProps {
  announcement: Pick<AnnouncementDetails, 'id' | 'title'>;
  onClose: () => void;
  onSuccess: (announcement: AnnouncementDetails) => void;
}

/** Closing asks why (the outcome) and is confirmed with its own button. */
export function CloseAnnouncementDialog({ announcement, onClose, onSuccess }: CloseAnnouncementDialogProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useCloseAnnouncement();
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(closeAnnouncementRequestSchema),
    defaultValues: { outcome: '' as CloseOutcome },
  });

  const onSubmit = async ({ outcome }: FormOutput) => {
    let closed: AnnouncementDetails;
    try {
      closed = await trigger({ id: announcement.id, outcome });
    } catch (error) {
      toast(errorToast(error, t('Elan bağlanarkən xəta baş verdi')));
      return;
    }
    onSuccess(closed);
  };

  return (
    <Modal open onClose={onClose} title={t('Elanı bağla')} description={announcement.title}>
      <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Elanı bağla')}>
        <Stack $gap={4}>
          <Muted>
            {t(
              'Bağlanmış elan ictimai siyahıdan çıxır, amma «Mənim elanlarım» bölməsində qalır. Bu addımı geri qaytarmaq olmaz.',
            )}
          </Muted>
          <Select
            label={t('Bağlanma səbəbi')}
            options={OUTCOME_OPTIONS}
            placeholder={t('Səbəbi seçin')}
            requiredMark
            error={errors.outcome?.message}
            data-autofocus
            {...register('outcome')}
          />
          <Row $justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              {t('Ləğv et')}
            </Button>
            <Button type="submit" variant="danger" loading={submitting || isMutating}>
              {t('Elanı bağla')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
