import { z } from 'zod';
import { ORGANIZATION_ROLES, type OrganizationRole } from './roles';

/**
 * Events of the organizations context, published on `organizations.events`, keyed by stream id:
 * `application-<uuid>` (an organisation's application and its review), `organization-<uuid>`,
 * `subscription-<uuid>` (an organisation's plan), `invitation-<uuid>` (an invitation to become
 * the organisation's admin or, since v2, one of its staff).
 *
 * No payload carries a secret: an invitation's token is never an event (only its id, its
 * organisation, the invited e-mail and its expiry). A published schemaVersion is never edited;
 * a change gets a new version.
 */
export const ORGANIZATION_EVENTS = {
  applicationSubmitted: 'organizations.application.submitted',
  applicationApproved: 'organizations.application.approved',
  applicationRejected: 'organizations.application.rejected',
  applicationContractRequested: 'organizations.application.contract-requested',
  created: 'organizations.organization.created',
  updated: 'organizations.organization.updated',
  deactivated: 'organizations.organization.deactivated',
  reactivated: 'organizations.organization.reactivated',
  memberRemoved: 'organizations.organization.member-removed',
  subscriptionStarted: 'organizations.subscription.started',
  subscriptionExpired: 'organizations.subscription.expired',
  subscriptionPlanChanged: 'organizations.subscription.plan-changed',
  invitationIssued: 'organizations.invitation.issued',
  invitationAccepted: 'organizations.invitation.accepted',
  venueProfileSet: 'organizations.organization.venue-profile-set',
} as const;
export type OrganizationEventType = (typeof ORGANIZATION_EVENTS)[keyof typeof ORGANIZATION_EVENTS];

export const applicationStreamId = (applicationId: string) => `application-${applicationId}`;
export const organizationStreamId = (organizationId: string) => `organization-${organizationId}`;
export const subscriptionStreamId = (subscriptionId: string) => `subscription-${subscriptionId}`;
export const invitationStreamId = (invitationId: string) => `invitation-${invitationId}`;

/** Spec §3. The approval dialog offers all but sports_center and event_venue. */
export const ORGANIZATION_TYPES = [
  'hotel',
  'mall',
  'university',
  'business_center',
  'airport',
  'hospital',
  'sports_center',
  'event_venue',
  'other',
] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const APPLICATION_STATUSES = ['pending', 'need_contract', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const SUBSCRIPTION_PLANS = ['basic', 'pro', 'enterprise'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** How people read the organisation types, defined once (the web translates them; e-mails show them as they are). */
export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  hotel: 'Otel',
  mall: 'Ticarət mərkəzi',
  university: 'Universitet',
  business_center: 'Biznes mərkəzi',
  airport: 'Hava limanı',
  hospital: 'Xəstəxana',
  sports_center: 'İdman mərkəzi',
  event_venue: 'Tədbir məkanı',
  other: 'Digər',
};

/** The plans' names: the same in every language. */
export const SUBSCRIPTION_PLAN_LABELS: Record<SubscriptionPlan, string> = {
  basic: 'Basic',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trial: 'Sınaq',
  active: 'Aktiv',
  expired: 'Bitib',
};

const timestamp = z.iso.datetime({ offset: true });
/** A calendar day, `YYYY-MM-DD` (subscription periods). */
const day = z.iso.date();
const organizationType = z.enum(ORGANIZATION_TYPES);
/** Free-form organisation settings (json in spec §3). */
const settings = z.record(z.string(), z.unknown());

/** `organizations.application.submitted` v1: an organisation applied (signed in or not). */
export const applicationSubmittedV1 = z.object({
  applicationId: z.uuid(),
  organizationName: z.string(),
  organizationType,
  contactPerson: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  address: z.string(),
  message: z.string().nullable(),
  status: z.literal('pending'),
  /** The signed-in user who applied, or null. */
  submittedBy: z.uuid().nullable(),
  createdAt: timestamp,
});
export type ApplicationSubmittedV1 = z.infer<typeof applicationSubmittedV1>;

const review = {
  applicationId: z.uuid(),
  /** The super admin who reviewed it. */
  reviewedBy: z.uuid(),
  reviewedAt: timestamp,
};

/** `organizations.application.approved` v1: the organisation (and its subscription) were created. */
export const applicationApprovedV1 = z.object({
  ...review,
  status: z.literal('approved'),
  organizationId: z.uuid(),
  subscriptionId: z.uuid().nullable(),
});
export type ApplicationApprovedV1 = z.infer<typeof applicationApprovedV1>;

/** `organizations.application.rejected` v1: a reason is required. */
export const applicationRejectedV1 = z.object({
  ...review,
  status: z.literal('rejected'),
  rejectionReason: z.string(),
});
export type ApplicationRejectedV1 = z.infer<typeof applicationRejectedV1>;

/** `organizations.application.contract-requested` v1: status need_contract. */
export const applicationContractRequestedV1 = z.object({
  ...review,
  status: z.literal('need_contract'),
});
export type ApplicationContractRequestedV1 = z.infer<typeof applicationContractRequestedV1>;

/** `organizations.organization.created` v1 */
export const organizationCreatedV1 = z.object({
  organizationId: z.uuid(),
  /** The approved application it came from, or null (created directly by a super admin). */
  applicationId: z.uuid().nullable(),
  name: z.string(),
  type: organizationType,
  address: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  isActive: z.boolean(),
  settings,
  createdAt: timestamp,
});
export type OrganizationCreatedV1 = z.infer<typeof organizationCreatedV1>;

/** The editable organisation fields; before/after carry only the ones that changed. */
export const organizationFieldsSchema = z
  .object({
    name: z.string(),
    type: organizationType,
    address: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string().nullable(),
    settings,
  })
  .partial();
export type OrganizationFields = z.infer<typeof organizationFieldsSchema>;

/** `organizations.organization.updated` v1 */
export const organizationUpdatedV1 = z.object({
  organizationId: z.uuid(),
  before: organizationFieldsSchema,
  after: organizationFieldsSchema,
});
export type OrganizationUpdatedV1 = z.infer<typeof organizationUpdatedV1>;

/** `organizations.organization.deactivated` v1: inactive ('Deaktiv'; analytics: suspended). */
export const organizationDeactivatedV1 = z.object({
  organizationId: z.uuid(),
  /** Null when the system did it. */
  deactivatedBy: z.uuid().nullable(),
  deactivatedAt: timestamp,
});
export type OrganizationDeactivatedV1 = z.infer<typeof organizationDeactivatedV1>;

/** `organizations.organization.reactivated` v1: active again. */
export const organizationReactivatedV1 = z.object({
  organizationId: z.uuid(),
  reactivatedBy: z.uuid().nullable(),
  reactivatedAt: timestamp,
});
export type OrganizationReactivatedV1 = z.infer<typeof organizationReactivatedV1>;

/** `organizations.subscription.started` v1 (on approval: basic, trial, 30 days, 49.99 AZN). */
export const subscriptionStartedV1 = z.object({
  subscriptionId: z.uuid(),
  organizationId: z.uuid(),
  plan: z.enum(SUBSCRIPTION_PLANS),
  status: z.enum(['trial', 'active']),
  startDate: day,
  endDate: day,
  /** AZN per month, two decimals (e.g. 49.99). */
  monthlyPrice: z.number().nonnegative(),
  features: z.record(z.string(), z.unknown()),
});
export type SubscriptionStartedV1 = z.infer<typeof subscriptionStartedV1>;

/** `organizations.subscription.expired` v1: its end date passed. */
export const subscriptionExpiredV1 = z.object({
  subscriptionId: z.uuid(),
  organizationId: z.uuid(),
  status: z.literal('expired'),
  endDate: day,
  expiredAt: timestamp,
});
export type SubscriptionExpiredV1 = z.infer<typeof subscriptionExpiredV1>;

/**
 * `organizations.subscription.plan-changed` v1 (issue 25 point 8): the super admin moved the
 * organisation to another plan (or another price); its limits follow the plan.
 */
export const subscriptionPlanChangedV1 = z.object({
  subscriptionId: z.uuid(),
  organizationId: z.uuid(),
  plan: z.enum(SUBSCRIPTION_PLANS),
  previousPlan: z.enum(SUBSCRIPTION_PLANS),
  monthlyPrice: z.number().nonnegative(),
  previousMonthlyPrice: z.number().nonnegative(),
  changedBy: z.uuid(),
  changedAt: timestamp,
});
export type SubscriptionPlanChangedV1 = z.infer<typeof subscriptionPlanChangedV1>;

/**
 * `organizations.invitation.issued` v1: an invitation to become the organisation's admin (7 days).
 * Never the token, which only the e-mail carries: the sender signs it again from the invitation id
 * and expiry (packages/platform/src/invitation-token.ts).
 */
export const invitationIssuedV1 = z.object({
  invitationId: z.uuid(),
  organizationId: z.uuid(),
  /** The organisation's name when invited (for the e-mail and the acceptance page). */
  organizationName: z.string(),
  /** Lower-cased. */
  email: z.string(),
  expiresAt: timestamp,
  /** The super admin or organisation admin who invited; null when the system did. */
  issuedBy: z.uuid().nullable(),
});
export type InvitationIssuedV1 = z.infer<typeof invitationIssuedV1>;

/**
 * `organizations.invitation.issued` v2 (issue 25): as v1, with the role the invited person gets,
 * the organisation's admin (`org_admin`, what every v1 invitation was) or one of its staff
 * (`org_staff`).
 */
export const invitationIssuedV2 = invitationIssuedV1.extend({ role: z.enum(ORGANIZATION_ROLES) });
export type InvitationIssuedV2 = z.infer<typeof invitationIssuedV2>;

/** An issued invitation of either version, with its role (v1: `org_admin`). */
export function invitationRoleOf(p: Pick<InvitationIssuedV1, 'invitationId'> & { role?: OrganizationRole }) {
  return p.role ?? 'org_admin';
}

/** `organizations.invitation.accepted` v1: the user is now the organisation's admin (or staff, as invited). */
export const invitationAcceptedV1 = z.object({
  invitationId: z.uuid(),
  organizationId: z.uuid(),
  userId: z.uuid(),
  acceptedAt: timestamp,
});
export type InvitationAcceptedV1 = z.infer<typeof invitationAcceptedV1>;

/** `organizations.invitation.accepted` v2 (issue 25): as v1, with the member's username at acceptance. */
export const invitationAcceptedV2 = invitationAcceptedV1.extend({ username: z.string() });
export type InvitationAcceptedV2 = z.infer<typeof invitationAcceptedV2>;

/**
 * `organizations.organization.member-removed` v1 (issue 25): an admin of the organisation (or the
 * super admin) removed a member; auth makes the account a `user` again, and its sessions ended
 * when the removal was answered.
 */
export const memberRemovedV1 = z.object({
  organizationId: z.uuid(),
  userId: z.uuid(),
  /** The role the member had. */
  role: z.enum(ORGANIZATION_ROLES),
  removedBy: z.uuid(),
  removedAt: timestamp,
});
export type MemberRemovedV1 = z.infer<typeof memberRemovedV1>;

/** Working hours (issue 26): the Baku days (1 Monday … 7 Sunday) and the hours the desk is open. */
export const workingHoursV1 = z.object({
  days: z.array(z.number().int().min(1).max(7)),
  opensAt: z.string(),
  closesAt: z.string(),
});
export type WorkingHoursV1 = z.infer<typeof workingHoursV1>;

/**
 * `organizations.organization.venue-profile-set` v1 (issue 26): the venue's public page as its
 * admin (or the approval) set it — the page's slug, the desk's working hours, whether those hours
 * pause the clock of its answer deadline, and the pickup instructions.
 */
export const venueProfileSetV1 = z.object({
  organizationId: z.uuid(),
  slug: z.string(),
  workingHours: workingHoursV1.nullable(),
  pausesDeadlineOutsideHours: z.boolean(),
  pickupInstructions: z.string().nullable(),
  setBy: z.uuid(),
  setAt: timestamp,
});
export type VenueProfileSetV1 = z.infer<typeof venueProfileSetV1>;

/** Payload schema per (type, schemaVersion). */
export const ORGANIZATION_EVENT_SCHEMAS: Record<string, Record<number, z.ZodType>> = {
  [ORGANIZATION_EVENTS.applicationSubmitted]: { 1: applicationSubmittedV1 },
  [ORGANIZATION_EVENTS.applicationApproved]: { 1: applicationApprovedV1 },
  [ORGANIZATION_EVENTS.applicationRejected]: { 1: applicationRejectedV1 },
  [ORGANIZATION_EVENTS.applicationContractRequested]: { 1: applicationContractRequestedV1 },
  [ORGANIZATION_EVENTS.created]: { 1: organizationCreatedV1 },
  [ORGANIZATION_EVENTS.updated]: { 1: organizationUpdatedV1 },
  [ORGANIZATION_EVENTS.deactivated]: { 1: organizationDeactivatedV1 },
  [ORGANIZATION_EVENTS.reactivated]: { 1: organizationReactivatedV1 },
  [ORGANIZATION_EVENTS.subscriptionStarted]: { 1: subscriptionStartedV1 },
  [ORGANIZATION_EVENTS.subscriptionExpired]: { 1: subscriptionExpiredV1 },
  [ORGANIZATION_EVENTS.subscriptionPlanChanged]: { 1: subscriptionPlanChangedV1 },
  [ORGANIZATION_EVENTS.memberRemoved]: { 1: memberRemovedV1 },
  [ORGANIZATION_EVENTS.invitationIssued]: { 1: invitationIssuedV1, 2: invitationIssuedV2 },
  [ORGANIZATION_EVENTS.invitationAccepted]: { 1: invitationAcceptedV1, 2: invitationAcceptedV2 },
  [ORGANIZATION_EVENTS.venueProfileSet]: { 1: venueProfileSetV1 },
};
