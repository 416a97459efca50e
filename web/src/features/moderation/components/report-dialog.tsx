import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reportAnnouncementRequestSchema } from '@tapinti/contracts/announcements-api';
import {
  COMPLAINT_TYPE_LABELS,
  COMPLAINT_TYPES,
  type ComplaintType,
} from '@tapinti/contracts/complaint-types';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/field';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/submit-errors';
import { useReportAnnouncement } from '../api/moderation';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type FormInput = z.input<typeof reportAnnouncementRequestSchema>;
type FormOutput = z.output<typeof reportAnnouncementRequestSchema>;

const TYPE_OPTIONS = COMPLAINT_TYPES.map((value) => ({ value, label: COMPLAINT_TYPE_LABELS[value] }));

export interface ReportDialogProps {
  announcement: { id: string; title: string };
  onClose: () => void;
  /** The server's confirmation ('Şikayətiniz qəbul edildi…'). */
  onSuccess: (message: string) => void;
}

/** 'Şikayət et': a §3 complaint type and an optional note; the report goes to the moderation queue. */
export function ReportDialog({ announcement, onClose, onSuccess }: ReportDialogProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useReportAnnouncement();
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(reportAnnouncementRequestSchema),
    defaultValues: { type: '' as ComplaintType, note: '' },
  });

  const onSubmit = async (body: FormOutput) => {
    try {
      const answer = await trigger({ id: announcement.id, body });
      onSuccess(answer.message);
    } catch (error) {
      toast(errorToast(error, t('Şikayət göndərilərkən xəta baş verdi. Yenidən cəhd edin.')));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('Elandan şikayət et')} description={announcement.title}>
      <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Elandan şikayət et')}>
        <Stack $gap={4}>
          <Muted>
            {t(
              'Şikayətiniz moderatorlara göndərilir. Üç fərqli istifadəçi şikayət etdikdə elan yoxlanılana qədər gizlədilir.',
            )}
          </Muted>
          <Select
            label={t('Şikayət növü')}
            options={TYPE_OPTIONS}
            placeholder={t('Növü seçin')}
            requiredMark
            error={errors.type?.message}
            data-autofocus
            {...register('type')}
          />
          <TextArea
            label={t('Qeyd (istəyə görə)')}
            rows={4}
            error={errors.note?.message}
            {...register('note')}
          />
          <Row $justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              {t('Ləğv et')}
            </Button>
            <Button type="submit" variant="danger" loading={submitting || isMutating}>
              {t('Şikayəti göndər')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}

export default ReportDialog;
