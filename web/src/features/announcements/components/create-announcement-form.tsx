import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFieldArray, useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { z } from 'zod';
import type { AnnouncementDetails, AnnouncementType } from '@tapinti/contracts/announcements-api';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { Button, ButtonLink } from '../../../components/ui/button';
import { cardStyles } from '../../../components/ui/card';
import { TextArea, TextField } from '../../../components/ui/field';
import { GiftIcon, PlusIcon } from '../../../components/ui/icons';
import { Checkbox } from '../../../components/ui/checkbox';
import { Alert, FieldPair, Muted, Row, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { color, font, media, radius, space } from '../../../components/ui/theme';
import { errorToast, setServerFieldError } from '../../../lib/submit-errors';
import { MAX_SECURITY_QUESTIONS } from '@tapinti/contracts/announcements-api';
import { useUpdateAnnouncement } from '../api/announcement-life';
import { createAnnouncementSchema, useCreateAnnouncement } from '../api/create-announcement';
import { CATEGORY_OPTIONS, TYPE_OPTIONS } from '../labels';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { useAnnouncementDraft } from './use-announcement-draft';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

type FormInput = z.input<typeof createAnnouncementSchema>;
type FormOutput = z.output<typeof createAnnouncementSchema>;

const Panel = styled.form`
  ${cardStyles}
  padding: ${space(5)};
  ${media.sm} {
    padding: ${space(8)};
  }
`;

const RewardBlock = styled.fieldset`
  margin: 0;
  padding: ${space(4)};
  border: 1px solid #fde68a;
  border-radius: ${radius.lg};
  background: #fffbeb;
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  min-width: 0;
  legend {
    display: flex;
    align-items: center;
    gap: ${space(2)};
    padding: 0 ${space(2)};
    font-weight: ${font.weight.bold};
    color: #854d0e;
  }
  p {
    font-size: ${font.size.sm};
    color: ${color.muted};
  }
`;

const QuestionsBlock = styled.fieldset`
  margin: 0;
  padding: ${space(4)};
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  min-width: 0;
  legend {
    padding: 0 ${space(2)};
    font-weight: ${font.weight.bold};
  }
`;

const QuestionRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  padding-bottom: ${space(4)};
  border-bottom: 1px dashed ${color.border};
`;

const FIELDS = [
  'type',
  'roomNumber',
  'isPublic',
  'title',
  'description',
  'category',
  'location',
  'contactInfo',
  'imageUrls',
  'rewardAmount',
  'rewardDescription',
] as const;

/** What the form hands its photo field: the field uploads and reports the stored paths. */
export interface PhotoFieldProps {
  /** The photos the form starts with ('/objects/<id>' paths, the cover first). */
  value: string[];
  /** Every stored photo's normalised '/objects/<id>' path, in order (the first is the cover). */
  onChange: (objectPaths: string[]) => void;
  /** True while an upload runs: the form cannot be sent meanwhile. */
  onBusyChange: (busy: boolean) => void;
  error?: string;
}

/** The form's values for an announcement being edited (the details its author gets). */
function editValues(a: AnnouncementDetails): FormInput {
  return {
    type: a.type,
    title: a.title,
    description: a.description,
    category: a.category,
    location: a.location,
    contactInfo: a.contactInfo ?? '',
    imageUrls: a.imageUrls?.length ? a.imageUrls : a.imageUrl ? [a.imageUrl] : [],
    rewardAmount: a.rewardAmount > 0 ? String(a.rewardAmount) : '',
    rewardDescription: a.rewardDescription ?? '',
    roomNumber: a.roomNumber ?? '',
    isPublic: a.isPublic,
    securityQuestions: (a.securityQuestions ?? []).map((q) => ({
      question: q.question,
      expectedAnswer: q.expectedAnswer ?? '',
    })),
  };
}

export interface CreateAnnouncementFormProps {
  user: ClientUser;
  initialType: AnnouncementType;
  /**
   * The announcement to edit: the form starts from its values, its type is fixed, and submitting
   * saves it (PUT) instead of creating one. Absent: a new announcement.
   */
  announcement?: AnnouncementDetails;
  onTypeChange?: (type: AnnouncementType) => void;
  /** The caller's success behaviour (toast, navigation): the form only creates or saves the announcement. */
  onSuccess: (announcement: AnnouncementDetails) => void;
  /** The photo field (uploads are another feature: the page passes it in). */
  photoField: (field: PhotoFieldProps) => ReactNode;
  /** An organisation's admin posts for the organisation: room number and a public/private switch. */
  organization?: boolean;
  /** What "Ləğv et" does (a dialog closes); a link to / when not given. */
  onCancel?: () => void;
  /** Whether 'Ləğv et' on a filled form asks before discarding it (the create page). */
  confirmDiscard?: boolean;
  /** Where the filled form is kept as a draft on this device (the create page: one per user). */
  draftKey?: string;
}

export function CreateAnnouncementForm({
  user,
  initialType,
  announcement: editing,
  onTypeChange,
  onSuccess,
  photoField,
  organization = false,
  onCancel,
  confirmDiscard = false,
  draftKey,
}: CreateAnnouncementFormProps) {
  const t = useT();
  const { toast } = useToast();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const isMutating = create.isMutating || update.isMutating;
  const [uploading, setUploading] = useState(false);
  const { submitOnce, submitting } = useSubmitOnce();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createAnnouncementSchema),
    defaultValues: editing
      ? editValues(editing)
      : {
          type: initialType,
          title: '',
          description: '',
          category: '' as FormInput['category'],
          location: '',
          // Spec §2: contact info defaults to the user's phone, else e-mail.
          contactInfo: user.phone || user.email,
          imageUrls: [],
          rewardAmount: '',
          rewardDescription: '',
          roomNumber: '',
          isPublic: true,
          securityQuestions: [],
        },
  });
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    watch,
    control,
    formState: { errors, isDirty },
  } = form;
  const draft = useAnnouncementDraft(editing ? undefined : draftKey, form);
  const questions = useFieldArray({ control, name: 'securityQuestions' });
  // The photo field starts from these and reports every change itself.
  const [photosAtStart, setPhotosAtStart] = useState(() => getValues('imageUrls') ?? []);
  const [photoFieldKey, setPhotoFieldKey] = useState(0);
  const type = watch('type') as AnnouncementType;
  const navigate = useNavigate();
  const [discarding, setDiscarding] = useState(false);
  const askBeforeCancel = confirmDiscard && isDirty;
  const discard = () => {
    draft.clear();
    if (onCancel) onCancel();
    else void navigate('/');
  };

  // The address can change the type too (a link to /create?type=found while the form is open).
  useEffect(() => {
    setValue('type', initialType);
  }, [initialType, setValue]);

  useEffect(() => {
    onTypeChange?.(type);
    if (type === 'found') {
      // The reward block is for lost items only; nothing hidden may be sent.
      setValue('rewardAmount', '');
      setValue('rewardDescription', '');
    } else {
      // Security questions are for found items only.
      setValue('securityQuestions', []);
    }
  }, [type, onTypeChange, setValue]);

  const onSubmit = async (values: FormOutput) => {
    let saved: AnnouncementDetails;
    try {
      // Only an organisation's admin chooses visibility and a room number.
      const body = organization ? values : { ...values, isPublic: undefined, roomNumber: undefined };
      saved = editing ? await update.trigger({ id: editing.id, body }) : await create.trigger(body);
    } catch (error) {
      toast(
        errorToast(
          error,
          editing ? t('Elan yadda saxlanılarkən xəta baş verdi') : t('Elan yaradılarkən xəta baş verdi'),
        ),
      );
      setServerFieldError(error, FIELDS, setError);
      return;
    }
    draft.clear();
    onSuccess(saved);
  };

  return (
    <Panel
      noValidate
      onSubmit={submitOnce(handleSubmit(onSubmit))}
      aria-label={editing ? t('Elanı redaktə et') : t('Elan yarat')}
    >
      <Stack $gap={5}>
        {draft.offered && (
          <Alert $tone="info" role="status" data-testid="draft-offer">
            <p>
              <strong>{t('Yarımçıq qalmış elanınız var')}</strong>{' '}
              {t('Bu cihazda doldurduğunuz, lakin göndərmədiyiniz forma yadda saxlanılıb.')}
            </p>
            <Row>
              <Button
                size="sm"
                onClick={() => {
                  const offered = draft.offered;
                  draft.restore();
                  // The photo field starts again from the draft's photos (references only).
                  setPhotosAtStart(offered?.imageUrls ?? (offered?.imageUrl ? [offered.imageUrl] : []));
                  setPhotoFieldKey((k) => k + 1);
                }}
              >
                {t('Bərpa et')}
              </Button>
              <Button size="sm" variant="outline" onClick={draft.discard}>
                {t('Qaralamanı sil')}
              </Button>
            </Row>
          </Alert>
        )}
        <FieldPair>
          {editing ? (
            // The type cannot change once posted; a disabled control would not be submitted, so the
            // value stays in the form's defaults and this one only shows it.
            <Select
              label={t('Elanın növü')}
              options={TYPE_OPTIONS}
              value={editing.type}
              hint={t('Elanın növünü dəyişmək olmaz')}
              disabled
            />
          ) : (
            <Select
              label={t('Elanın növü')}
              options={TYPE_OPTIONS}
              error={errors.type?.message}
              requiredMark
              {...register('type')}
            />
          )}
          <Select
            label={t('Kateqoriya')}
            options={CATEGORY_OPTIONS}
            placeholder={t('Kateqoriya seçin')}
            error={errors.category?.message}
            requiredMark
            {...register('category')}
          />
        </FieldPair>
        <TextField
          label={t('Başlıq')}
          placeholder={
            type === 'lost'
              ? t('Məsələn: Qara dəri pulqabı itirilib')
              : t('Məsələn: Metroda açar dəsti tapılıb')
          }
          hint={t('Ən azı 5 simvol')}
          error={errors.title?.message}
          requiredMark
          {...register('title')}
        />
        <TextArea
          label={t('Təsvir')}
          placeholder={t(
            'Əşyanın rəngi, markası, fərqləndirici əlamətləri, nə vaxt itirildiyi və ya tapıldığı...',
          )}
          hint={t('Ən azı 20 simvol')}
          rows={5}
          error={errors.description?.message}
          requiredMark
          {...register('description')}
        />
        <FieldPair>
          <TextField
            label={t('Yer')}
            placeholder={t('Məsələn: 28 May metrosu, Bakı')}
            error={errors.location?.message}
            requiredMark
            {...register('location')}
          />
          <TextField
            label={t('Əlaqə məlumatı')}
            placeholder={t('Telefon və ya e-poçt')}
            hint={t('Yalnız daxil olmuş istifadəçilər görür')}
            error={errors.contactInfo?.message}
            {...register('contactInfo')}
          />
        </FieldPair>
        {organization && (
          <FieldPair>
            <TextField
              label={t('Otaq nömrəsi')}
              placeholder={t('Məsələn: 204')}
              hint={t('Əşyanın saxlandığı və ya tapıldığı otaq')}
              error={errors.roomNumber?.message}
              {...register('roomNumber')}
            />
            <div style={{ alignSelf: 'end' }}>
              <Checkbox asSwitch label={t('İctimai elan (hamı görür)')} {...register('isPublic')} />
            </div>
          </FieldPair>
        )}
        <Fragment key={photoFieldKey}>
          {photoField({
            value: photosAtStart,
            error: errors.imageUrls?.message,
            onBusyChange: setUploading,
            onChange: (paths) => setValue('imageUrls', paths, { shouldValidate: true, shouldDirty: true }),
          })}
        </Fragment>
        {type === 'lost' && (
          <RewardBlock>
            <legend>
              <GiftIcon /> {t('Mükafat (istəyə bağlı)')}
            </legend>
            <p>
              {t(
                'Əşyanı qaytarana mükafat təklif etsəniz, elanınız mükafatlı elanlar siyahısında görünəcək.',
              )}
            </p>
            <FieldPair>
              <TextField
                label={t('Mükafat məbləği (AZN)')}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="0"
                error={errors.rewardAmount?.message}
                {...register('rewardAmount')}
              />
              <TextField
                label={t('Mükafat haqqında')}
                placeholder={t('Məsələn: Nağd pul və ya hədiyyə')}
                error={errors.rewardDescription?.message}
                {...register('rewardDescription')}
              />
            </FieldPair>
          </RewardBlock>
        )}
        {type === 'found' && (
          <QuestionsBlock>
            <legend>{t('Təhlükəsizlik sualları (istəyə bağlı)')}</legend>
            <Muted>
              {t(
                'Əşyanı iddia edən şəxs bu suallara cavab verməlidir: yalnız əsl sahibin bildiyi əlamətləri soruşun (ən çox {n} sual). Gözlənilən cavabı yalnız siz görürsünüz.',
                { n: MAX_SECURITY_QUESTIONS },
              )}
            </Muted>
            {questions.fields.map((item, i) => (
              <QuestionRow key={item.id} role="group" aria-label={t('{n}-ci sual', { n: i + 1 })}>
                <TextField
                  label={`${i + 1}-ci sual`}
                  placeholder={t('Məsələn: Telefonun arxa örtüyü hansı rəngdədir?')}
                  requiredMark
                  error={errors.securityQuestions?.[i]?.question?.message}
                  {...register(`securityQuestions.${i}.question` as const)}
                />
                <TextField
                  label={t('Gözlənilən cavab (istəyə bağlı)')}
                  error={errors.securityQuestions?.[i]?.expectedAnswer?.message}
                  {...register(`securityQuestions.${i}.expectedAnswer` as const)}
                />
                <div>
                  <Button size="sm" variant="ghost" onClick={() => questions.remove(i)}>
                    {t('Sualı sil')}
                  </Button>
                </div>
              </QuestionRow>
            ))}
            {questions.fields.length < MAX_SECURITY_QUESTIONS && (
              <div>
                <Button
                  size="sm"
                  variant="outline"
                  icon={<PlusIcon size={16} />}
                  onClick={() => questions.append({ question: '', expectedAnswer: '' })}
                >
                  {t('Sual əlavə et')}
                </Button>
              </div>
            )}
          </QuestionsBlock>
        )}
        <Row $justify="flex-end">
          {onCancel ? (
            <Button variant="outline" onClick={() => (askBeforeCancel ? setDiscarding(true) : onCancel())}>
              {t('Ləğv et')}
            </Button>
          ) : (
            <ButtonLink
              to="/"
              variant="outline"
              onClick={(event) => {
                if (!askBeforeCancel) return;
                event.preventDefault();
                setDiscarding(true);
              }}
            >
              {t('Ləğv et')}
            </ButtonLink>
          )}
          <Button type="submit" loading={submitting || isMutating} disabled={uploading}>
            {editing
              ? isMutating
                ? t('Saxlanılır...')
                : t('Dəyişiklikləri yadda saxla')
              : isMutating
                ? t('Yaradılır...')
                : t('Elanı yerləşdir')}
          </Button>
        </Row>
      </Stack>
      {discarding && <DiscardChangesDialog onStay={() => setDiscarding(false)} onDiscard={discard} />}
    </Panel>
  );
}
