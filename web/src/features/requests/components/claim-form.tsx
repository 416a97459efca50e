import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fileRequestSchema, type MyRequest } from '@tapinti/contracts/requests-api';
import { CONTACT_METHODS } from '@tapinti/contracts/requests-events';
import { Button } from '../../../components/ui/button';
import { TextArea, TextField } from '../../../components/ui/field';
import { Alert, Muted, Row, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { errorToast } from '../../../lib/submit-errors';
import { useAnnouncementQuestions, useFileRequest } from '../api/requests';
import { claimAction, type ClaimTarget } from '../claim-action';
import { CONTACT_METHOD_LABELS } from '../labels';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { VenueAnswerHint } from '../../../components/venue-answer-hint';
import { useVenueOf } from '../../../lib/venues';

type FormInput = z.input<typeof fileRequestSchema>;
type FormOutput = z.output<typeof fileRequestSchema>;

const CONTACT_OPTIONS = CONTACT_METHODS.map((value) => ({ value, label: CONTACT_METHOD_LABELS[value] }));

export interface ClaimFormProps {
  announcement: ClaimTarget;
  /** The caller's success behaviour (toast, closing): the form only files the claim. */
  onSuccess: (request: MyRequest) => void;
  onCancel?: () => void;
}

/** Contact method, room number (an organisation's item), message and the security questions' answers. */
export function ClaimForm({ announcement, onSuccess, onCancel }: ClaimFormProps) {
  const t = useT();
  const questions = useAnnouncementQuestions(announcement.id);
  if (questions.isLoading)
    return (
      <Row $justify="center" style={{ padding: 24 }}>
        <Spinner size={28} label={t('Yüklənir...')} />
      </Row>
    );
  if (questions.error)
    return (
      <Alert>
        <p>{errorMessage(questions.error, t('Elanı yükləmək mümkün olmadı'))}</p>
        <Button variant="outline" onClick={() => void questions.mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  return (
    <ClaimFields
      announcement={announcement}
      questions={questions.data ?? []}
      onSuccess={onSuccess}
      onCancel={onCancel}
    />
  );
}

function ClaimFields({
  announcement,
  questions,
  onSuccess,
  onCancel,
}: ClaimFormProps & { questions: string[] }) {
  const t = useT();
  const venue = useVenueOf(announcement.organizationId);
  const { toast } = useToast();
  const { trigger, isMutating } = useFileRequest();
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(fileRequestSchema),
    defaultValues: {
      announcementId: announcement.id,
      contactMethod: '' as FormInput['contactMethod'],
      roomNumber: '',
      message: '',
      answers: questions.length ? questions.map(() => '') : undefined,
    },
  });

  const onSubmit = async (values: FormOutput) => {
    let filed: MyRequest;
    try {
      filed = await trigger(values);
    } catch (error) {
      toast(errorToast(error, t('Müraciət göndərilərkən xəta baş verdi')));
      return;
    }
    onSuccess(filed);
  };

  return (
    <form
      noValidate
      onSubmit={submitOnce(handleSubmit(onSubmit))}
      aria-label={claimAction(announcement.type)}
    >
      <Stack $gap={4}>
        <Muted>
          {announcement.type === 'found'
            ? t(
                'Əşyanın sizə aid olduğunu göstərən məlumatları yazın. Elanın sahibi müraciətinizə baxıb sizinlə əlaqə saxlayacaq.',
              )
            : t('Əşyanı harada və nə vaxt tapdığınızı yazın. Elanın sahibi sizinlə əlaqə saxlayacaq.')}
        </Muted>
        <Select
          label={t('Əlaqə üsulu')}
          options={CONTACT_OPTIONS}
          placeholder={t('Əlaqə üsulunu seçin')}
          requiredMark
          hint={t(
            'Telefon və ya e-poçt seçsəniz, profilinizdəki nömrə və ya ünvan elanın sahibinə göstəriləcək.',
          )}
          error={errors.contactMethod?.message}
          {...register('contactMethod')}
        />
        {venue && <VenueAnswerHint venue={venue} />}
        {announcement.organizationId && (
          <TextField
            label={t('Otaq nömrəsi (istəyə bağlı)')}
            placeholder={t('Məsələn: 311')}
            error={errors.roomNumber?.message}
            {...register('roomNumber')}
          />
        )}
        <TextArea
          label={t('Mesaj (istəyə bağlı)')}
          rows={3}
          placeholder={t('Əşyanı nə vaxt və harada itirdiyinizi, fərqləndirici əlamətlərini yazın')}
          error={errors.message?.message}
          {...register('message')}
        />
        {questions.length > 0 && (
          <Stack $gap={3} role="group" aria-label={t('Təhlükəsizlik sualları')}>
            <Muted>{t('Əşyanın sahibi olduğunuzu təsdiqləmək üçün suallara cavab verin.')}</Muted>
            {questions.map((question, i) => (
              <TextField
                key={i}
                label={question}
                requiredMark
                error={errors.answers?.[i]?.message}
                {...register(`answers.${i}` as const)}
              />
            ))}
            {errors.answers?.message && <Muted role="alert">{errors.answers.message}</Muted>}
          </Stack>
        )}
        <Row $justify="flex-end">
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              {t('Ləğv et')}
            </Button>
          )}
          <Button type="submit" loading={submitting || isMutating}>
            {t('Müraciəti göndər')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
