import { z } from 'zod';
import { emailSchema } from './auth-api';
import { ANNOUNCEMENT_STATUSES, ANNOUNCEMENT_TYPES, CATEGORIES } from './announcements-api';
import { endpoint } from './endpoint';
import { venueSlugSchema } from './venue-slug';
import { ORGANIZATION_ROLES } from './roles';
import { optionalTrimmedText, text, TRIMMED_SPACE, trimmedText } from './input-text';
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  ORGANIZATION_TYPES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionPlan,
} from './organizations-events';

/**
 * The organizations service's API: applications (spec §3, §4, §5), organisations, their
 * subscriptions (§9) and admin invitations. Every refusal is `{ message }` in Azerbaijani.
 */
export const ORGANIZATION_MESSAGES = {
  // Application form (spec §5); 'Təşkilat növü seçin' and 'Düzgün email ünvanı daxil edin' as the spec words them.
  organizationName: 'Təşkilatın adı ən azı 2 simvol olmalıdır',
  organizationNameTooLong: 'Təşkilatın adı ən çox 200 simvol ola bilər',
  organizationType: 'Təşkilat növü seçin',
  address: 'Ünvan ən azı 10 simvol olmalıdır',
  addressTooLong: 'Ünvan ən çox 300 simvol ola bilər',
  contactPerson: 'Əlaqə şəxsinin adı ən azı 2 simvol olmalıdır',
  contactPersonTooLong: 'Əlaqə şəxsinin adı ən çox 100 simvol ola bilər',
  contactPhone: 'Telefon nömrəsi yanlışdır',
  messageTooLong: 'Mesaj ən çox 2000 simvol ola bilər',
  duplicatePending: 'Bu e-poçt ünvanı ilə göndərilmiş müraciət artıq baxılmağı gözləyir',
  throttled: 'Bu ünvandan çox sayda müraciət göndərildi. Bir saatdan sonra yenidən cəhd edin',
  // Review (spec §4, §5).
  rejectionReason: 'Rədd etmə səbəbi daxil edin',
  rejectionReasonTooLong: 'Rədd etmə səbəbi ən çox 1000 simvol ola bilər',
  applicationNotFound: 'Müraciət tapılmadı',
  applicationExists: 'Bu müraciət artıq mövcuddur',
  alreadyReviewed: 'Bu müraciətə artıq baxılıb',
  contractOnlyWhenPending: 'Müqavilə yalnız gözləmədə olan müraciət üçün tələb oluna bilər',
  applicationStatus: 'Müraciət statusu yanlışdır',
  organizationData: 'Təşkilat məlumatları yanlışdır',
  bodyRequired: 'Sorğunun gövdəsi JSON obyekti olmalıdır (boş ola bilər: {})',
  // Subscriptions (spec §9).
  subscriptionData: 'Abunə məlumatları yanlışdır',
  plan: 'Abunə planı yanlışdır',
  subscriptionStatus: 'Abunə statusu yanlışdır',
  date: 'Tarix İİİİ-AA-GG formatında olmalıdır',
  dateRange: 'Tarix 2000–2100-cü illər arasında olmalıdır',
  dateOrder: 'Bitmə tarixi başlama tarixindən əvvəl ola bilməz',
  subscriptionExists: 'Bu abunə artıq mövcuddur',
  monthlyPrice: 'Aylıq qiymət 0 ilə 100000 AZN arasında olmalıdır',
  // Organisations.
  organizationNotFound: 'Təşkilat tapılmadı',
  deactivated: 'Təşkilat deaktivdir',
  foreignOrganization: 'Bu təşkilata giriş icazəniz yoxdur',
  isActive: 'Təşkilatın aktivlik statusu tələb olunur',
  settings: 'Parametrlər obyekt olmalıdır',
  organizationExists: 'Bu təşkilat artıq mövcuddur',
  // Invitations and members (issue 25).
  invitationExists: 'Bu dəvət artıq mövcuddur',
  memberRole: 'Rol seçin: admin və ya əməkdaş',
  memberNotFound: 'Bu istifadəçi təşkilatın üzvü deyil',
  removeSelf: 'Özünüzü təşkilatdan silə bilməzsiniz',
} as const;

/** Plans and their monthly price in AZN (spec §9). */
export const SUBSCRIPTION_PLAN_PRICES: Record<SubscriptionPlan, number> = {
  basic: 49.99,
  pro: 99.99,
  enterprise: 199.99,
};

/** The subscription an approval starts unless the super admin says otherwise (spec §9). */
export const DEFAULT_SUBSCRIPTION = {
  plan: 'basic',
  status: 'trial',
  /** endDate = startDate + this many days. */
  days: 30,
} as const;

/** How long an admin invitation can be accepted. */
export const INVITATION_VALID_DAYS = 7;

/** Anonymous applications per client address (and per signed-in user) per hour; more → 429. */
export const APPLICATION_THROTTLE = { maxPerWindow: 5, windowSeconds: 3600 } as const;

/** Required text: trimmed, then `min`…`max` characters; one message when missing or too short. */
const requiredText = (min: number, max: number, message: string, tooLong: string) =>
  trimmedText({ min, max, required: message, tooShort: message, tooLong });

const organizationNameSchema = requiredText(
  2,
  200,
  ORGANIZATION_MESSAGES.organizationName,
  ORGANIZATION_MESSAGES.organizationNameTooLong,
);
const addressSchema = requiredText(
  10,
  300,
  ORGANIZATION_MESSAGES.address,
  ORGANIZATION_MESSAGES.addressTooLong,
);
/** One of the nine types of spec §3 (missing or empty: 'Təşkilat növü seçin'). */
const organizationTypeSchema = z.enum(ORGANIZATION_TYPES, { error: ORGANIZATION_MESSAGES.organizationType });

/** A phone once trimmed: 5 to 30 digits, spaces, `(`, `)`, `-`, maybe after a `+` (local or international). */
const PHONE_CORE = '\\+?[0-9()-][0-9 ()-]{3,28}[0-9()-]';
/** Absent, null, empty or only whitespace, or a phone with whitespace around it. */
const phoneText = text(ORGANIZATION_MESSAGES.contactPhone)
  .regex(
    new RegExp(`^${TRIMMED_SPACE}*(?:${PHONE_CORE})?${TRIMMED_SPACE}*$`),
    ORGANIZATION_MESSAGES.contactPhone,
  )
  .nullable()
  .optional();
/** Optional phone: none (undefined) or the trimmed number. */
const optionalPhoneSchema = phoneText.transform((v) => v?.trim() || undefined).optional();

const settingsSchema = z.record(text(), z.unknown(), { error: ORGANIZATION_MESSAGES.settings });

/** POST /api/applications (spec §3 fields, §5 rules); the web form uses this very schema. */
export const applicationRequestSchema = z.object({
  organizationName: organizationNameSchema,
  organizationType: organizationTypeSchema,
  address: addressSchema,
  contactEmail: emailSchema,
  contactPerson: requiredText(
    2,
    100,
    ORGANIZATION_MESSAGES.contactPerson,
    ORGANIZATION_MESSAGES.contactPersonTooLong,
  ),
  contactPhone: optionalPhoneSchema,
  message: optionalTrimmedText(2000, ORGANIZATION_MESSAGES.messageTooLong),
});
export type ApplicationRequest = z.output<typeof applicationRequestSchema>;
export type ApplicationRequestInput = z.input<typeof applicationRequestSchema>;

const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2100-12-31';
/** A calendar day, `YYYY-MM-DD`, that exists, in 2000–2100. */
const daySchema = z.iso
  .date({ error: ORGANIZATION_MESSAGES.date })
  .refine((v) => v >= FIRST_DAY && v <= LAST_DAY, ORGANIZATION_MESSAGES.dateRange)
  .meta({ pattern: '^(?:20[0-9]{2}|2100)-[0-9]{2}-[0-9]{2}$' });

/** AZN, at most 100 000; kept to two decimals (rounded to the cent). */
export const monthlyPriceSchema = z
  .number({ error: ORGANIZATION_MESSAGES.monthlyPrice })
  .min(0, ORGANIZATION_MESSAGES.monthlyPrice)
  .max(100_000, ORGANIZATION_MESSAGES.monthlyPrice)
  .transform((n) => Math.round(n * 100) / 100);

/** POST /api/applications/:id/approve. Every field is optional: the defaults come from the application and §9. */
export const approveRequestSchema = z.object({
  organizationData: z
    .object(
      {
        name: organizationNameSchema.optional(),
        type: organizationTypeSchema.optional(),
        address: addressSchema.optional(),
        contactEmail: emailSchema.optional(),
        contactPhone: optionalPhoneSchema,
      },
      { error: ORGANIZATION_MESSAGES.organizationData },
    )
    .optional(),
  subscriptionData: z
    .object(
      {
        plan: z.enum(SUBSCRIPTION_PLANS, { error: ORGANIZATION_MESSAGES.plan }).optional(),
        /** A new subscription is a trial or active; it expires by itself at its end date. */
        status: z.enum(['trial', 'active'], { error: ORGANIZATION_MESSAGES.subscriptionStatus }).optional(),
        startDate: daySchema.optional(),
        endDate: daySchema.optional(),
        /** Follows the plan unless given. */
        monthlyPrice: monthlyPriceSchema.optional(),
      },
      { error: ORGANIZATION_MESSAGES.subscriptionData },
    )
    .optional(),
  /** Issue 26: the venue page's address `/t/<slug>`; absent: from the name (`slugFromName`), made unique. */
  venueSlug: venueSlugSchema.optional(),
});
export type ApproveRequest = z.output<typeof approveRequestSchema>;

/** POST /api/applications/:id/reject */
export const rejectRequestSchema = z.object({
  reason: requiredText(
    1,
    1000,
    ORGANIZATION_MESSAGES.rejectionReason,
    ORGANIZATION_MESSAGES.rejectionReasonTooLong,
  ),
});
export type RejectRequest = z.output<typeof rejectRequestSchema>;

/** GET /api/applications?status= (empty: all). */
export const listApplicationsQuerySchema = z.object({
  status: z
    .enum(['', ...APPLICATION_STATUSES], { error: ORGANIZATION_MESSAGES.applicationStatus })
    .optional()
    .transform((v): ApplicationStatus | undefined => v || undefined),
});

/** PUT /api/organizations/:id: `isActive` always; the other fields when they change. */
export const updateOrganizationSchema = z.object({
  isActive: z.boolean({ error: ORGANIZATION_MESSAGES.isActive }),
  name: organizationNameSchema.optional(),
  address: addressSchema.optional(),
  contactEmail: emailSchema.optional(),
  /** Absent: unchanged; `null`, empty or only whitespace: cleared. */
  contactPhone: phoneText.transform((v) => (v === undefined ? undefined : v?.trim() || null)).optional(),
  settings: settingsSchema.optional(),
});
export type UpdateOrganizationRequest = z.output<typeof updateOrganizationSchema>;

/**
 * POST /api/organizations/:id/invitations: the role the invited person gets, the organisation's
 * admin (the default, as every invitation was before staff existed) or one of its staff.
 */
export const invitationRequestSchema = z.object({
  email: emailSchema,
  role: z.enum(ORGANIZATION_ROLES, { error: ORGANIZATION_MESSAGES.memberRole }).default('org_admin'),
});
export type InvitationRequest = z.output<typeof invitationRequestSchema>;

/** `:id` of the paths; a malformed id is answered like an unknown one (404). */
export const idParamsSchema = z.object({ id: text() });

/** `:id/members/:userId`: the organisation and the member (malformed ids: 404). */
export const memberParamsSchema = z.object({ id: text(), userId: text() });

const timestamp = z.string();
const day = z.string();

/** An application as the super admin sees it (spec §3). */
export const applicationSchema = z.object({
  id: z.uuid(),
  organizationName: z.string(),
  organizationType: z.enum(ORGANIZATION_TYPES),
  address: z.string(),
  contactEmail: z.string(),
  contactPerson: z.string(),
  contactPhone: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  reviewedBy: z.uuid().nullable(),
  reviewedAt: timestamp.nullable(),
  /** The organisation an approval created, else null. */
  organizationId: z.uuid().nullable(),
  createdAt: timestamp,
});
export type Application = z.infer<typeof applicationSchema>;

/** A subscription (spec §3); `monthlyPrice` in AZN. */
export const subscriptionSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  plan: z.enum(SUBSCRIPTION_PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  startDate: day,
  endDate: day,
  monthlyPrice: z.number(),
  features: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The current subscription as an organisation carries it. */
export const currentSubscriptionSchema = subscriptionSchema.pick({
  plan: true,
  status: true,
  startDate: true,
  endDate: true,
  monthlyPrice: true,
});

/** An organisation (spec §3) with its current subscription and how many admins accepted an invitation. */
export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  address: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  isActive: z.boolean(),
  subscriptionId: z.uuid().nullable(),
  settings: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
  subscription: currentSubscriptionSchema.nullable(),
  adminCount: z.number().int(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** The approval's answer: what it created. */
export const approvalSchema = z.object({
  application: applicationSchema,
  organization: organizationSchema,
  subscription: subscriptionSchema,
});
export type Approval = z.infer<typeof approvalSchema>;

/** An issued invitation; the token is never in an answer (only the invited e-mail gets it). */
export const invitationSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  email: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  status: z.enum(['issued', 'accepted']),
  expiresAt: timestamp,
  createdAt: timestamp,
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * A member of the organisation (issue 25): an admin or one of its staff, as they accepted their
 * invitation. The e-mail only for the organisation's admins and the super admin (null for staff).
 */
export const memberSchema = z.object({
  userId: z.uuid(),
  /** The username at acceptance; null for admins who accepted before usernames were recorded. */
  username: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ORGANIZATION_ROLES),
  joinedAt: timestamp,
});
export type Member = z.infer<typeof memberSchema>;

/** Every announcement of the organisation, public or not, archived ones included, with its room number. */
export const organizationAnnouncementSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  organizationId: z.uuid(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  location: z.string(),
  roomNumber: z.string().nullable(),
  contactInfo: z.string().nullable(),
  imageUrl: z.string().nullable(),
  rewardAmount: z.number().int(),
  rewardDescription: z.string().nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  isPublic: z.boolean(),
  isActive: z.boolean(),
  createdAt: timestamp,
});
export type OrganizationAnnouncement = z.infer<typeof organizationAnnouncementSchema>;

const tag = 'organizations';
const superAdmin = ['super_admin'] as const;
/**
 * Further checked per organisation: its members only for their own, active organisation. Its
 * staff see and handle what its admins do, but never invite, remove members or change settings.
 */
const organizationMembers = ['super_admin', 'org_admin', 'org_staff'] as const;
const organizationAdmins = ['super_admin', 'org_admin'] as const;

/** The organizations endpoints (gateway prefixes `/api/applications`, `/api/organizations`). */
export const ORGANIZATION_ENDPOINTS = {
  submitApplication: endpoint({
    method: 'post',
    path: '/api/applications',
    summary: 'Təşkilat müraciəti göndərmək (hər kəs)',
    tag,
    access: 'public',
    body: applicationRequestSchema,
    response: { status: 201, schema: applicationSchema },
    errors: [409, 429],
  }),
  listApplications: endpoint({
    method: 'get',
    path: '/api/applications',
    summary: 'Müraciətlər, yenidən köhnəyə (status ilə süzgəc)',
    tag,
    access: superAdmin,
    query: listApplicationsQuerySchema,
    response: { status: 200, schema: z.array(applicationSchema) },
  }),
  approveApplication: endpoint({
    method: 'post',
    path: '/api/applications/:id/approve',
    summary: 'Müraciəti təsdiqləmək: təşkilat və abunə yaradılır, əlaqə e-poçtuna admin dəvəti göndərilir',
    tag,
    access: superAdmin,
    params: idParamsSchema,
    body: approveRequestSchema,
    response: { status: 200, schema: approvalSchema },
    errors: [404, 409],
    rules: [
      {
        field: 'subscriptionData.endDate',
        rule: 'not before subscriptionData.startDate (today in Baku when it is not given)',
      },
    ],
  }),
  rejectApplication: endpoint({
    method: 'post',
    path: '/api/applications/:id/reject',
    summary: 'Müraciəti səbəb göstərməklə rədd etmək',
    tag,
    access: superAdmin,
    params: idParamsSchema,
    body: rejectRequestSchema,
    response: { status: 200, schema: applicationSchema },
    errors: [404, 409],
  }),
  requestContract: endpoint({
    method: 'post',
    path: '/api/applications/:id/request-contract',
    summary: 'Müraciət üçün müqavilə tələb etmək (need_contract)',
    tag,
    access: superAdmin,
    params: idParamsSchema,
    response: { status: 200, schema: applicationSchema },
    errors: [404, 409],
  }),
  listOrganizations: endpoint({
    method: 'get',
    path: '/api/organizations',
    summary: 'Təşkilatlar: cari abunə və adminlərin sayı ilə',
    tag,
    access: superAdmin,
    response: { status: 200, schema: z.array(organizationSchema) },
  }),
  getOrganization: endpoint({
    method: 'get',
    path: '/api/organizations/:id',
    summary: 'Təşkilat (super admin və ya təşkilatın admini, əməkdaşı)',
    tag,
    access: organizationMembers,
    params: idParamsSchema,
    response: { status: 200, schema: organizationSchema },
    errors: [404],
  }),
  updateOrganization: endpoint({
    method: 'put',
    path: '/api/organizations/:id',
    summary: 'Təşkilatı yeniləmək, deaktiv və ya yenidən aktiv etmək',
    tag,
    access: superAdmin,
    params: idParamsSchema,
    body: updateOrganizationSchema,
    response: { status: 200, schema: organizationSchema },
    errors: [404],
  }),
  listOrganizationAnnouncements: endpoint({
    method: 'get',
    path: '/api/organizations/:id/announcements',
    summary: 'Təşkilatın bütün elanları (ictimai olmayanlar da), otaq nömrəsi ilə',
    tag,
    access: organizationMembers,
    params: idParamsSchema,
    response: { status: 200, schema: z.array(organizationAnnouncementSchema) },
    errors: [404],
  }),
  inviteAdmin: endpoint({
    method: 'post',
    path: '/api/organizations/:id/invitations',
    summary:
      'Təşkilata admin və ya əməkdaş dəvət etmək (7 gün etibarlı keçid e-poçtla); planın heyət yerləri doludursa 409',
    tag,
    access: organizationAdmins,
    params: idParamsSchema,
    body: invitationRequestSchema,
    response: { status: 201, schema: invitationSchema },
    errors: [404, 409],
  }),
  listMembers: endpoint({
    method: 'get',
    path: '/api/organizations/:id/members',
    summary: 'Təşkilatın heyəti: adminlər və əməkdaşlar (e-poçt yalnız adminlərə)',
    tag,
    access: organizationMembers,
    params: idParamsSchema,
    response: { status: 200, schema: z.array(memberSchema) },
    errors: [404],
  }),
  removeMember: endpoint({
    method: 'delete',
    path: '/api/organizations/:id/members/:userId',
    summary: 'Üzvü təşkilatdan çıxarmaq: bütün sessiyaları dərhal bitir, hesab adi istifadəçi olur',
    tag,
    access: organizationAdmins,
    params: memberParamsSchema,
    response: { status: 204, schema: null },
    errors: [404, 409],
  }),
};
