import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextArea, TextField } from '../../../components/ui/field';
import { Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { COMPLAINT_TYPE_LABELS, COMPLAINT_TYPES, complaintSchema, type Complaint } from '../complaint-schema';
import { useT } from '../../../lib/i18n';

type Input = z.input<typeof complaintSchema>;
type Output = z.output<typeof complaintSchema>;

const TYPE_OPTIONS = COMPLAINT_TYPES.map((value) => ({ value, label: COMPLAINT_TYPE_LABELS[value] }));

export interface ComplaintFormProps {
  /** The user's e-mail, when signed in. */
  defaultContact?: string;
  /** The caller's success behaviour (the confirmation toast). */
  onSuccess?: (complaint: Complaint) => void;
}

/** Spec §2: the form makes no call; it resets and the caller confirms. Contact defaults to the user's e-mail. */
export function ComplaintForm({ defaultContact = '', onSuccess }: ComplaintFormProps) {
  const t = useT();
  const empty: Input = {
    type: '' as Input['type'],
    subject: '',
    announcementId: '',
    description: '',
    userInfo: defaultContact,
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(complaintSchema), defaultValues: empty });

  const onSubmit = (complaint: Output) => {
    reset(empty);
    onSuccess?.(complaint);
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('Şikayət forması')}>
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
          <Button type="submit" loading={isSubmitting}>
            {t('Şikayəti göndər')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
