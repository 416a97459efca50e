import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  approveRequestSchema,
  DEFAULT_SUBSCRIPTION,
  ORGANIZATION_MESSAGES,
  SUBSCRIPTION_PLAN_PRICES,
  type Application,
  type Approval,
} from '@tapinti/contracts/organizations-api';
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from '@tapinti/contracts/organizations-events';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FieldPair, Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { addDays, isoDay } from '../../../lib/dates';
import { errorToast } from '../../../lib/submit-errors';
import { useApproveApplication } from '../api/applications';
import {
  ORGANIZATION_TYPE_LABELS,
  SUBSCRIPTION_PLAN_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
} from '@tapinti/contracts/organizations-events';
import { slugFromName } from '@tapinti/contracts/venue-slug';
import { APPROVAL_ORGANIZATION_TYPES, formatPrice } from '../labels';
import { SectionLegend } from './section-legend';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

const organizationFields = approveRequestSchema.shape.organizationData.unwrap().shape;
const subscriptionFields = approveRequestSchema.shape.subscriptionData.unwrap().shape;

/**
 * The approval dialog's form: the contract's field rules and messages, every field required here
 * (the dialog is pre-filled), and the price as a number input's text.
 */
export const approveFormSchema = z
  .object({
    name: organizationFields.name.unwrap(),
    type: organizationFields.type.unwrap(),
    address: organizationFields.address.unwrap(),
    contactEmail: organizationFields.contactEmail.unwrap(),
    contactPhone: organizationFields.contactPhone,
    venueSlug: approveRequestSchema.shape.venueSlug.unwrap(),
    plan: subscriptionFields.plan.unwrap(),
    status: subscriptionFields.status.unwrap(),
    startDate: subscriptionFields.startDate.unwrap(),
    endDate: subscriptionFields.endDate.unwrap(),
    monthlyPrice: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(',', '.'))) : v),
      subscriptionFields.monthlyPrice.unwrap(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: ORGANIZATION_MESSAGES.dateOrder });
  })
  .transform((v) => ({
    organizationData: {
      name: v.name,
      type: v.type,
      address: v.address,
      contactEmail: v.contactEmail,
      contactPhone: v.contactPhone,
    },
    subscriptionData: {
      plan: v.plan,
      status: v.status,
      startDate: v.startDate,
      endDate: v.endDate,
      monthlyPrice: v.monthlyPrice,
    },
    venueSlug: v.venueSlug,
  }));
type FormInput = z.input<typeof approveFormSchema>;
type FormOutput = z.output<typeof approveFormSchema>;

const TYPE_OPTIONS = APPROVAL_ORGANIZATION_TYPES.map((value) => ({
  value,
  label: ORGANIZATION_TYPE_LABELS[value],
}));
const PLAN_OPTIONS = SUBSCRIPTION_PLANS.map((value) => ({
  value,
  label: `${SUBSCRIPTION_PLAN_LABELS[value]} — ${formatPrice(SUBSCRIPTION_PLAN_PRICES[value])}`,
}));
const STATUS_OPTIONS = (['trial', 'active'] as const).map((value) => ({
  value,
  label: SUBSCRIPTION_STATUS_LABELS[value],
}));

/** Pre-filled from the application and the default subscription (spec §9: basic, trial, today + 30 days, 49.99). */
export function approvalDefaults(application: Application, today = new Date()): FormInput {
  const offered = (APPROVAL_ORGANIZATION_TYPES as readonly string[]).includes(application.organizationType);
  return {
    name: application.organizationName,
    type: (offered ? application.organizationType : '') as FormInput['type'],
    address: application.address,
    contactEmail: application.contactEmail,
    contactPhone: application.contactPhone ?? '',
    // Issue 26: the venue page's address, proposed from the name (Azerbaijani letters folded).
    venueSlug: slugFromName(application.organizationName),
    plan: DEFAULT_SUBSCRIPTION.plan,
    status: DEFAULT_SUBSCRIPTION.status,
    startDate: isoDay(today),
    endDate: isoDay(addDays(today, DEFAULT_SUBSCRIPTION.days)),
    monthlyPrice: String(SUBSCRIPTION_PLAN_PRICES[DEFAULT_SUBSCRIPTION.plan]),
  };
}

export interface ApproveApplicationDialogProps {
  application: Application;
  onClose: () => void;
  /** The caller's success behaviour (toast, closing): the dialog only approves. */
  onSuccess: (approval: Approval) => void;
}

export function ApproveApplicationDialog({ application, onClose, onSuccess }: ApproveApplicationDialogProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useApproveApplication();
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(approveFormSchema),
    defaultValues: approvalDefaults(application),
  });

  const onSubmit = async (body: FormOutput) => {
    let approval: Approval;
    try {
      approval = await trigger({ id: application.id, body });
    } catch (error) {
      toast(errorToast(error, t('Müraciət təsdiq edilərkən xəta baş verdi')));
      return;
    }
    onSuccess(approval);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('Müraciəti təsdiqlə')}
      description={t(
        '{organization}: təşkilat və abunə yaradılacaq, əlaqə e-poçtuna admin dəvəti göndəriləcək.',
        {
          organization: application.organizationName,
        },
      )}
      width={640}
    >
      <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Müraciəti təsdiqlə')}>
        <Stack $gap={4}>
          <SectionLegend>{t('Təşkilat')}</SectionLegend>
          <FieldPair>
            <TextField
              label={t('Təşkilatın adı')}
              requiredMark
              error={errors.name?.message}
              {...register('name')}
            />
            <Select
              label={t('Təşkilat növü')}
              options={TYPE_OPTIONS}
              placeholder={t('Növü seçin')}
              requiredMark
              error={errors.type?.message}
              {...register('type')}
            />
          </FieldPair>
          <TextField
            label={t('Ünvan')}
            requiredMark
            error={errors.address?.message}
            {...register('address')}
          />
          <FieldPair>
            <TextField
              label={t('E-poçt')}
              type="email"
              requiredMark
              error={errors.contactEmail?.message}
              {...register('contactEmail')}
            />
            <TextField
              label={t('Telefon')}
              type="tel"
              error={errors.contactPhone?.message}
              {...register('contactPhone')}
            />
          </FieldPair>
          <TextField
            label={t('Məkan səhifəsinin ünvanı (/t/…)')}
            hint={t('Kiçik latın hərfləri, rəqəmlər və tire')}
            requiredMark
            error={errors.venueSlug?.message}
            {...register('venueSlug')}
          />
          <SectionLegend>{t('Abunə')}</SectionLegend>
          <FieldPair>
            <Select
              label={t('Plan')}
              options={PLAN_OPTIONS}
              requiredMark
              error={errors.plan?.message}
              {...register('plan', {
                onChange: (event: { target: { value: string } }) => {
                  const plan = event.target.value as SubscriptionPlan;
                  if (plan in SUBSCRIPTION_PLAN_PRICES)
                    setValue('monthlyPrice', String(SUBSCRIPTION_PLAN_PRICES[plan]), {
                      shouldValidate: true,
                    });
                },
              })}
            />
            <Select
              label={t('Abunə statusu')}
              options={STATUS_OPTIONS}
              requiredMark
              error={errors.status?.message}
              {...register('status')}
            />
          </FieldPair>
          <FieldPair>
            <TextField
              label={t('Başlama tarixi')}
              type="date"
              requiredMark
              error={errors.startDate?.message}
              {...register('startDate')}
            />
            <TextField
              label={t('Bitmə tarixi')}
              type="date"
              requiredMark
              error={errors.endDate?.message}
              {...register('endDate')}
            />
          </FieldPair>
          <TextField
            label={t('Aylıq qiymət (AZN)')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            requiredMark
            error={errors.monthlyPrice?.message}
            {...register('monthlyPrice')}
          />
          <Row $justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              {t('Ləğv et')}
            </Button>
            <Button type="submit" loading={submitting || isMutating}>
              {t('Təsdiqlə')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
