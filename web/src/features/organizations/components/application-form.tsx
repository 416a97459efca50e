import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextArea, TextField } from '../../../components/ui/field';
import { FieldPair, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/submit-errors';
import { ORGANIZATION_TYPE_LABELS, ORGANIZATION_TYPES } from '@tapinti/contracts/organizations-events';
import { applicationSchema, useCreateApplication } from '../api/create-application';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type Input = z.input<typeof applicationSchema>;
type Output = z.output<typeof applicationSchema>;

const TYPE_OPTIONS = ORGANIZATION_TYPES.map((value) => ({ value, label: ORGANIZATION_TYPE_LABELS[value] }));

export interface ApplicationFormProps {
  /** The caller's success behaviour (toast, confirmation page): the form only sends the application. */
  onSuccess: () => void;
}

export function ApplicationForm({ onSuccess }: ApplicationFormProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useCreateApplication();
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(applicationSchema),
    defaultValues: {
      organizationName: '',
      organizationType: '' as Input['organizationType'],
      address: '',
      contactEmail: '',
      contactPerson: '',
      contactPhone: '',
      message: '',
    },
  });

  const onSubmit = async (values: Output) => {
    try {
      await trigger(values);
    } catch (error) {
      toast(errorToast(error, t('Müraciət göndərilərkən xəta baş verdi')));
      return;
    }
    onSuccess();
  };

  return (
    <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Təşkilat müraciəti')}>
      <Stack $gap={4}>
        <FieldPair>
          <TextField
            label={t('Təşkilatın adı')}
            requiredMark
            error={errors.organizationName?.message}
            {...register('organizationName')}
          />
          <Select
            label={t('Təşkilat növü')}
            options={TYPE_OPTIONS}
            placeholder={t('Növü seçin')}
            requiredMark
            error={errors.organizationType?.message}
            {...register('organizationType')}
          />
        </FieldPair>
        <TextField label={t('Ünvan')} requiredMark error={errors.address?.message} {...register('address')} />
        <FieldPair>
          <TextField
            label={t('Əlaqə şəxsi')}
            requiredMark
            error={errors.contactPerson?.message}
            {...register('contactPerson')}
          />
          <TextField
            label={t('E-poçt')}
            type="email"
            requiredMark
            error={errors.contactEmail?.message}
            {...register('contactEmail')}
          />
        </FieldPair>
        <TextField
          label={t('Telefon (istəyə bağlı)')}
          type="tel"
          placeholder="+994..."
          error={errors.contactPhone?.message}
          {...register('contactPhone')}
        />
        <TextArea
          label={t('Mesaj (istəyə bağlı)')}
          rows={4}
          error={errors.message?.message}
          {...register('message')}
        />
        <div>
          <Button type="submit" loading={submitting || isMutating}>
            {t('Müraciəti göndər')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
