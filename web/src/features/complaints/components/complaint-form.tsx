import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextArea, TextField } from '../../../components/ui/field';
import { Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { COMPLAINT_TYPES } from '@tapinti/contracts/complaint-types';
import { fileComplaintSchema, type FiledComplaint } from '@tapinti/contracts/requests-api';
import { useToast } from '../../../components/ui/toast';
import { COMPLAINT_TYPE_LABELS } from '../complaint-schema';
import { useFileComplaint } from '../api/complaints';
import { useT } from '../../../lib/i18n';
import { setServerFieldError } from '../../../lib/submit-errors';
import { useSubmitOnce } from '../../../lib/use-submit-once';

// The server's own schema: the same §5 messages, and the same limits before anything is sent.
type Input = z.input<typeof fileComplaintSchema>;
type Output = z.output<typeof fileComplaintSchema>;

const TYPE_OPTIONS = COMPLAINT_TYPES.map((value) => ({ value, label: COMPLAINT_TYPE_LABELS[value] }));

export interface ComplaintFormProps {
  /** The user's e-mail, when signed in. */
  defaultContact?: string;
  /** The announcement the complaint is about (`/complaints?announcement=<id>`). */
  defaultAnnouncementId?: string;
  /** The caller's success behaviour (the confirmation toast with the complaint's number). */
  onSuccess?: (complaint: FiledComplaint) => void;
}

/**
 * Spec §5 form, sent to `POST /api/complaints` (issue 15): on success it resets and the caller
 * confirms with the number; a refusal is the spec's 'Xəta' toast (and the field the server blamed).
 * Contact defaults to the user's e-mail.
 */
export function ComplaintForm({
  defaultContact = '',
  defaultAnnouncementId = '',
  onSuccess,
}: ComplaintFormProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger } = useFileComplaint();
  const empty: Input = {
    type: '' as Input['type'],
    subject: '',
    announcementId: '',
    description: '',
    userInfo: defaultContact,
  };
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(fileComplaintSchema),
    defaultValues: { ...empty, announcementId: defaultAnnouncementId },
  });

  const onSubmit = async (complaint: Output) => {
    let filed: FiledComplaint;
    try {
      filed = await trigger(complaint);
    } catch (error) {
      setServerFieldError(error, ['type', 'subject', 'announcementId', 'description', 'userInfo'], setError);
      // Spec §2: the failure toast says exactly this; a field the server blamed shows its message.
      toast({
        title: t('Xəta'),
        description: t('Şikayət göndərilərkən xəta baş verdi. Yenidən cəhd edin.'),
        variant: 'destructive',
      });
      return;
    }
    reset(empty);
    onSuccess?.(filed);
  };

  return (
    <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Şikayət forması')}>
      <Stack $gap={4}>
        <Select
          label={t('Şikayət növü')}
          options={TYPE_OPTIONS}
          placeholder={t('Növü seçin')}
          requiredMark
          error={errors.type?.message}
          {...register('type')}
        />
        <TextField label={t('Mövzu')} requiredMark error={errors.subject?.message} {...register('subject')} />
        <TextField
          label={t('Elan ID-si (istəyə bağlı)')}
          hint={t('Şikayət bir elanla bağlıdırsa, onun ID-sini yazın')}
          error={errors.announcementId?.message}
          {...register('announcementId')}
        />
        <TextArea
          label={t('Ətraflı təsvir')}
          requiredMark
          rows={6}
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label={t('Əlaqə məlumatı')}
          requiredMark
          placeholder={t('E-poçt və ya telefon')}
          error={errors.userInfo?.message}
          {...register('userInfo')}
        />
        <div>
          <Button type="submit" loading={submitting}>
            {t('Şikayəti göndər')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
