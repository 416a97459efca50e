import { heldReasonOf } from '@tapinti/contracts/announcements-api';
import {
  ANNOUNCEMENT_EVENTS,
  type AnnouncementApprovedV1,
  type AnnouncementArchivedV1,
  type AnnouncementHeldForReviewV1,
  type AnnouncementHiddenV1,
  type AnnouncementRestoredV1,
  type MatchFoundV1,
} from '@tapinti/contracts/announcements-events';
import {
  AUTH_EVENTS,
  type EmailVerificationRequestedV1,
  type PasswordChangedV1,
  type PasswordResetRequestedV1,
  type UserLoggedInV2,
  type UserRegisteredV1,
} from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import {
  ORGANIZATION_EVENTS,
  type ApplicationApprovedV1,
  type ApplicationRejectedV1,
  type ApplicationSubmittedV1,
  type InvitationIssuedV1,
  type InvitationIssuedV2,
  type OrganizationCreatedV1,
  type SubscriptionExpiredV1,
  type SubscriptionStartedV1,
} from '@tapinti/contracts/organizations-events';
import {
  REQUEST_EVENTS,
  type AnswerOverdueV1,
  type AnswerReminderDueV1,
  type ComplaintFiledV1,
  type ComplaintRepliedV1,
  type HandoverCodeIssuedV1,
  type RequestFiledV1,
  type RequestStatusChangedV1,
} from '@tapinti/contracts/requests-events';
import { CONVERSATION_EVENTS, type MessagePostedV1 } from '@tapinti/contracts/conversations-events';
import {
  VENUE_CHECK_EVENTS,
  type VenueCheckAnsweredV1,
  type VenueCheckAnswerReminderDueV1,
  type VenueCheckAskedV1,
} from '@tapinti/contracts/venue-checks-events';
import { IDENTITY_DOCUMENT_LABELS } from '@tapinti/contracts/inventory-api';
import {
  INVENTORY_EVENTS,
  type ItemReceiptMailRequestedV1,
  type ItemReceiptMailRequestedV2,
} from '@tapinti/contracts/inventory-events';
import type { RateRule } from '@tapinti/platform/config';
import type { Knex } from '@tapinti/platform/db';
import * as templates from '../domain/templates';
import {
  applicationOfOrganization,
  findAnnouncement,
  findApplication,
  findOrganization,
  findRequest,
  findSubscription,
  findUser,
  organizationMembers,
  subscriptionOfOrganization,
} from '../store/directory';
import { complaintMailAllowed } from '../store/notifications';
import { conversationMessagePosted } from './conversation-triggers';
import { notify, organizationRecipients, type Recipient } from './notify';

/** What a trigger needs besides the event: the clock, the archiving period, the complaint mail cap. */
export interface TriggerContext {
  now(): Date;
  archiveAfterMs: number;
  /** Complaint e-mails one address receives (COMPLAINT_MAILS_PER_RECIPIENT); past it, in-app only. */
  complaintMailRules: RateRule[];
}

/**
 * A trigger: the notifications one consumed event causes; returns how many e-mails it queued.
 * `event`: the envelope, for when it happened (its metadata's `occurredAt`).
 */
type Trigger = (
  trx: Knex.Transaction,
  payload: any,
  context: TriggerContext,
  event: Pick<EventEnvelope, 'metadata'>,
) => Promise<number>;

/**
 * Who hears about a complaint: its e-mail address (requests sends only a signed-in complainant's
 * verified one; older events may carry a typed one) while that address is under the complaint
 * mail cap, and the complainant's account in the app. Never an e-mail to an address the
 * complainant merely typed or did not verify (issue 21).
 */
async function complaintRecipients(
  trx: Knex.Transaction,
  p: Pick<ComplaintFiledV1, 'userId' | 'contactEmail'>,
  context: TriggerContext,
): Promise<Recipient[]> {
  const mail =
    p.contactEmail &&
    (await complaintMailAllowed(trx, p.contactEmail, context.complaintMailRules, context.now()));
  if (p.userId) return [{ userId: p.userId, email: mail ? p.contactEmail : null, inAppOnly: !mail }];
  return mail ? [{ userId: null, email: p.contactEmail }] : [];
}

/**
 * The approval notification needs the application (approved, naming its organisation and
 * subscription), the organisation's details and the subscription's, which come on different
 * streams (`application-…`, `organization-…`, `subscription-…`) and may arrive in any order —
 * and at once: the bus hands the partitions of a topic over concurrently, each batch in its own
 * transaction, and none sees the others' uncommitted rows. So the three triggers take one lock per
 * organisation (held until their transaction ends) after projecting their event: the last to take
 * it sees the other two committed, and writes it; the dedupe key keeps it one.
 */
async function lockApprovalOf(trx: Knex.Transaction, organizationId: string) {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`notifications:approval:${organizationId}`]);
}

async function approvalOnceKnown(trx: Knex.Transaction, applicationId: string, context: TriggerContext) {
  const application = await findApplication(trx, applicationId);
  if (!application || application.status !== 'approved' || !application.organizationId) return 0;
  const organization = await findOrganization(trx, application.organizationId);
  if (!organization) return 0;
  const subscription = application.subscriptionId
    ? await findSubscription(trx, application.subscriptionId)
    : await subscriptionOfOrganization(trx, organization.organizationId);
  if (application.subscriptionId && !subscription) return 0;
  const draft = templates.applicationApproved({
    applicationId,
    contactPerson: application.contactPerson,
    organization,
    subscription,
  });
  return notify(
    trx,
    draft,
    [{ userId: application.submittedBy, email: application.contactEmail }],
    context.now(),
  );
}

/** A moderation change of an announcement → its author (in-app and e-mail). */
/** An organisation's admins and staff (else its admins' fallback: the contact address). */
/** An organisation's admins (the escalation's recipients). */
async function organizationAdmins(trx: Knex.Transaction, organizationId: string): Promise<Recipient[]> {
  return organizationRecipients(trx, await findOrganization(trx, organizationId), organizationId);
}

async function venueMembers(trx: Knex.Transaction, organizationId: string): Promise<Recipient[]> {
  const members = await organizationMembers(trx, organizationId);
  return members.length
    ? members.map((m) => ({ userId: m.userId }))
    : organizationAdmins(trx, organizationId);
}

async function moderated(
  trx: Knex.Transaction,
  change: { announcementId: string; outcome: templates.ModerationOutcome; reason: string | null; at: string },
  context: TriggerContext,
): Promise<number> {
  const announcement = await findAnnouncement(trx, change.announcementId);
  if (!announcement) return 0;
  const draft = templates.announcementModerated({ ...change, title: announcement.title });
  return notify(trx, draft, [{ userId: announcement.userId }], context.now());
}

export const TRIGGERS: Record<string, Trigger> = {
  /** E-mail verification link (after registration, an e-mail change, a resend): transactional. */
  [AUTH_EVENTS.emailVerificationRequested]: async (trx, p: EmailVerificationRequestedV1, context) =>
    notify(trx, templates.emailVerification(p), [{ userId: p.userId }], context.now()),

  /** Password reset link: transactional, to the account's current address. */
  [AUTH_EVENTS.passwordResetRequested]: async (trx, p: PasswordResetRequestedV1, context) =>
    notify(trx, templates.passwordReset(p), [{ userId: p.userId }], context.now()),

  /** Issue 22: the password was changed → the owner, always (a security e-mail). */
  [AUTH_EVENTS.passwordChanged]: async (trx, p: PasswordChangedV1, context, event) =>
    notify(
      trx,
      templates.passwordChanged({ userId: p.userId, via: p.via, at: new Date(event.metadata.occurredAt) }),
      [{ userId: p.userId }],
      context.now(),
    ),

  /** Issue 22: a sign-in from a new device (v2 says; v1 did not know) → the owner, always. */
  [AUTH_EVENTS.loggedIn]: async (trx, p: Partial<UserLoggedInV2>, context, event) => {
    if (!p.newDevice || !p.userId) return 0;
    const draft = templates.newDeviceSignIn({
      userId: p.userId,
      device: p.device ?? null,
      at: new Date(event.metadata.occurredAt),
    });
    return notify(trx, draft, [{ userId: p.userId }], context.now());
  },

  /** An organisation invitation (admin or staff) → its e-mail, to the invited address (no account yet). */
  [ORGANIZATION_EVENTS.invitationIssued]: async (trx, p: InvitationIssuedV1 | InvitationIssuedV2, context) =>
    notify(trx, templates.organizationInvitation(p), [{ userId: null, email: p.email }], context.now()),

  /** Registration → welcome (not for the seeded super admin). */
  [AUTH_EVENTS.registered]: async (trx, p: UserRegisteredV1, context) => {
    if (p.via !== 'registration') return 0;
    return notify(trx, templates.welcome(p), [{ userId: p.userId }], context.now());
  },

  /** Application submitted → "received, 2–3 business days" to its contact address. */
  [ORGANIZATION_EVENTS.applicationSubmitted]: async (trx, p: ApplicationSubmittedV1, context) =>
    notify(
      trx,
      templates.applicationReceived(p),
      [{ userId: p.submittedBy, email: p.contactEmail }],
      context.now(),
    ),

  [ORGANIZATION_EVENTS.applicationApproved]: async (trx, p: ApplicationApprovedV1, context) => {
    await lockApprovalOf(trx, p.organizationId);
    return approvalOnceKnown(trx, p.applicationId, context);
  },

  [ORGANIZATION_EVENTS.created]: async (trx, p: OrganizationCreatedV1, context) => {
    if (!p.applicationId) return 0;
    await lockApprovalOf(trx, p.organizationId);
    return approvalOnceKnown(trx, p.applicationId, context);
  },

  [ORGANIZATION_EVENTS.subscriptionStarted]: async (trx, p: SubscriptionStartedV1, context) => {
    await lockApprovalOf(trx, p.organizationId);
    const application = await applicationOfOrganization(trx, p.organizationId);
    return application ? approvalOnceKnown(trx, application.applicationId, context) : 0;
  },

  /** Rejected → the reason, to the application's contact address. */
  [ORGANIZATION_EVENTS.applicationRejected]: async (trx, p: ApplicationRejectedV1, context) => {
    const application = await findApplication(trx, p.applicationId);
    if (!application) return 0;
    const draft = templates.applicationRejected({
      applicationId: p.applicationId,
      organizationName: application.organizationName,
      contactPerson: application.contactPerson,
      reason: p.rejectionReason,
    });
    return notify(
      trx,
      draft,
      [{ userId: application.submittedBy, email: application.contactEmail }],
      context.now(),
    );
  },

  /**
   * A claim filed → whoever handles it: the announcement's author when the event names one, else
   * the organisation's admins (else its contact address); a claim on neither goes to the author.
   */
  [REQUEST_EVENTS.filed]: async (trx, p: RequestFiledV1, context) => {
    const announcement = await findAnnouncement(trx, p.announcementId);
    let recipients: Recipient[] = [];
    let handler: 'organization' | 'author' = 'author';
    if (p.handlerUserId) recipients = [{ userId: p.handlerUserId }];
    else if (p.organizationId) {
      handler = 'organization';
      const organization = await findOrganization(trx, p.organizationId);
      recipients = await organizationRecipients(trx, organization, p.organizationId);
    } else if (announcement) recipients = [{ userId: announcement.userId }];
    // Never the claimant about their own claim.
    recipients = recipients.filter((r) => r.userId !== p.userId);
    const draft = templates.requestFiled({
      requestId: p.requestId,
      announcementId: p.announcementId,
      announcementTitle: announcement?.title ?? null,
      contactMethod: p.contactMethod,
      handler,
    });
    return notify(trx, draft, recipients, context.now());
  },

  /** A claim's status changed → the claimant. */
  [REQUEST_EVENTS.statusChanged]: async (trx, p: RequestStatusChangedV1, context) => {
    const request = await findRequest(trx, p.requestId);
    if (!request) return 0;
    const announcement = await findAnnouncement(trx, p.announcementId);
    const draft = templates.requestStatusChanged({
      requestId: p.requestId,
      announcementId: p.announcementId,
      announcementTitle: announcement?.title ?? null,
      status: p.to,
    });
    return notify(trx, draft, [{ userId: request.userId }], context.now());
  },

  /** Issue 26: a claim on an organisation's item unanswered at half time → its staff and admins. */
  [REQUEST_EVENTS.answerReminderDue]: async (trx, p: AnswerReminderDueV1, context) => {
    const announcement = await findAnnouncement(trx, p.announcementId);
    const draft = templates.claimAnswerReminder({ ...p, announcementTitle: announcement?.title ?? null });
    return notify(trx, draft, await venueMembers(trx, p.organizationId), context.now());
  },

  /** Issue 26: past its deadline without an answer → escalated to the organisation's admins. */
  [REQUEST_EVENTS.answerOverdue]: async (trx, p: AnswerOverdueV1, context) => {
    const announcement = await findAnnouncement(trx, p.announcementId);
    const draft = templates.claimAnswerOverdue({ ...p, announcementTitle: announcement?.title ?? null });
    return notify(trx, draft, await organizationAdmins(trx, p.organizationId), context.now());
  },

  /** Issue 26 point 1: a venue was asked about a lost post → its staff and admins. */
  [VENUE_CHECK_EVENTS.asked]: async (trx, p: VenueCheckAskedV1, context) => {
    const announcement = await findAnnouncement(trx, p.announcementId);
    const draft = templates.venueCheckAsked({ ...p, announcementTitle: announcement?.title ?? null });
    const recipients = (await venueMembers(trx, p.organizationId)).filter((r) => r.userId !== p.ownerUserId);
    return notify(trx, draft, recipients, context.now());
  },

  /** A venue answered → the lost post's owner, in the app and by e-mail. */
  [VENUE_CHECK_EVENTS.answered]: async (trx, p: VenueCheckAnsweredV1, context) => {
    const announcement = await findAnnouncement(trx, p.announcementId);
    const organization = await findOrganization(trx, p.organizationId);
    const draft = templates.venueCheckAnswered({
      ...p,
      announcementTitle: announcement?.title ?? null,
      organizationName: organization?.name ?? null,
    });
    return notify(trx, draft, [{ userId: p.ownerUserId }], context.now());
  },

  /** A venue check unanswered at half time → the venue's staff and admins. */
  [VENUE_CHECK_EVENTS.answerReminderDue]: async (trx, p: VenueCheckAnswerReminderDueV1, context) => {
    const announcement = await findAnnouncement(trx, p.announcementId);
    const draft = templates.venueCheckAnswerReminder({
      ...p,
      announcementTitle: announcement?.title ?? null,
    });
    return notify(trx, draft, await venueMembers(trx, p.organizationId), context.now());
  },

  /** A venue check past its deadline → escalated to the venue's admins. */
  [VENUE_CHECK_EVENTS.answerOverdue]: async (trx, p: VenueCheckAnswerReminderDueV1, context) => {
    const announcement = await findAnnouncement(trx, p.announcementId);
    const draft = templates.venueCheckAnswerOverdue({ ...p, announcementTitle: announcement?.title ?? null });
    return notify(trx, draft, await organizationAdmins(trx, p.organizationId), context.now());
  },

  /** A complaint filed → its number to the signed-in complainant (e-mail: their verified address). */
  [REQUEST_EVENTS.complaintFiled]: async (trx, p: ComplaintFiledV1, context) => {
    const draft = templates.complaintFiled({ complaintId: p.complaintId, number: p.number });
    return notify(trx, draft, await complaintRecipients(trx, p, context), context.now());
  },

  /** A super admin replied → the signed-in complainant, as the filing was told. */
  [REQUEST_EVENTS.complaintReplied]: async (trx, p: ComplaintRepliedV1, context) => {
    const draft = templates.complaintReplied(p);
    return notify(trx, draft, await complaintRecipients(trx, p, context), context.now());
  },

  /** A claimed item's hand-over code → its owner (the code is added to the e-mail when sent). */
  [REQUEST_EVENTS.handoverCodeIssued]: async (trx, p: HandoverCodeIssuedV1, context) => {
    const announcement = await findAnnouncement(trx, p.announcementId);
    const request = await findRequest(trx, p.requestId);
    const draft = templates.handoverCode({
      requestId: p.requestId,
      announcementId: p.announcementId,
      announcementTitle: announcement?.title ?? null,
      generation: p.generation,
      // A lost item's owner is its author: their claims are the incoming ones.
      ownerIsClaimant: !request || request.userId === p.ownerUserId,
    });
    return notify(trx, draft, [{ userId: p.ownerUserId }], context.now());
  },

  /**
   * Archived after its period → its author, with how to post again; once per period (a renewed one
   * is told again when archived again), never about a closed or deleted one (the directory only
   * archives an open one).
   */
  [ANNOUNCEMENT_EVENTS.archived]: async (trx, p: AnnouncementArchivedV1, context) => {
    const announcement = await findAnnouncement(trx, p.announcementId);
    if (!announcement || announcement.status !== 'archived') return 0;
    const draft = templates.announcementArchived({
      announcementId: p.announcementId,
      title: announcement.title,
      type: announcement.type,
      periodMs: context.archiveAfterMs,
    });
    return notify(
      trx,
      { ...draft, subjectId: announcement.periodSubjectId },
      [{ userId: announcement.userId }],
      context.now(),
    );
  },

  /**
   * A lost and a found announcement match (once per pair: the announcements service appends it
   * once) → both authors, each about their own announcement. The event names them, so it does not
   * wait for the announcements' own events, which travel on other streams.
   */
  [ANNOUNCEMENT_EVENTS.matchFound]: async (trx, p: MatchFoundV1, context) => {
    const common = { reasons: p.reasons, score: p.score };
    const toLost = templates.announcementMatched({
      ...common,
      own: { ...p.lost, type: 'lost' },
      other: p.found,
    });
    const toFound = templates.announcementMatched({
      ...common,
      own: { ...p.found, type: 'found' },
      other: p.lost,
    });
    return (
      (await notify(trx, toLost, [{ userId: p.lost.userId }], context.now())) +
      (await notify(trx, toFound, [{ userId: p.found.userId }], context.now()))
    );
  },

  [ANNOUNCEMENT_EVENTS.heldForReview]: async (trx, p: AnnouncementHeldForReviewV1, context) =>
    moderated(
      trx,
      { announcementId: p.announcementId, outcome: 'held', reason: heldReasonOf(p.rules), at: p.heldAt },
      context,
    ),
  [ANNOUNCEMENT_EVENTS.approved]: async (trx, p: AnnouncementApprovedV1, context) =>
    moderated(
      trx,
      { announcementId: p.announcementId, outcome: 'approved', reason: null, at: p.approvedAt },
      context,
    ),
  [ANNOUNCEMENT_EVENTS.hidden]: async (trx, p: AnnouncementHiddenV1, context) =>
    moderated(
      trx,
      { announcementId: p.announcementId, outcome: 'hidden', reason: p.reason, at: p.hiddenAt },
      context,
    ),
  [ANNOUNCEMENT_EVENTS.restored]: async (trx, p: AnnouncementRestoredV1, context) =>
    moderated(
      trx,
      { announcementId: p.announcementId, outcome: 'restored', reason: null, at: p.restoredAt },
      context,
    ),

  /**
   * The desk's hand-over receipt (inventory) → the claimant of the item's accepted claim, by their
   * account (the directory's request and user): no address travels in the event. Once per item.
   * From v2 the e-mail attaches the stored receipt PDF (`receiptKey`), read at send time.
   */
  [INVENTORY_EVENTS.itemReceiptMailRequested]: async (
    trx,
    p: ItemReceiptMailRequestedV1 | ItemReceiptMailRequestedV2,
    context,
  ) => {
    const request = await findRequest(trx, p.requestId);
    if (!request) return 0;
    const organization = await findOrganization(trx, p.organizationId);
    const staff = await findUser(trx, p.checkedBy);
    const draft = templates.handoverReceipt({
      itemId: p.itemId,
      requestId: p.requestId,
      organizationName: organization?.name ?? null,
      referenceNumber: p.referenceNumber,
      title: p.title,
      category: p.category,
      foundArea: p.foundArea,
      foundAt: p.foundAt,
      returnedAt: p.returnedAt,
      documentLabel: IDENTITY_DOCUMENT_LABELS[p.documentType],
      documentLast4: p.documentLast4,
      staffName: staff?.username ?? null,
      receiptKey: 'receiptKey' in p ? p.receiptKey : null,
    });
    return notify(trx, draft, [{ userId: request.userId }], context.now());
  },

  /** Issue 26.2: a message in a claim's conversation → the other side (digested by e-mail). */
  [CONVERSATION_EVENTS.messagePosted]: async (trx, p: MessagePostedV1, context) =>
    conversationMessagePosted(trx, p, context),

  /** A subscription expired → the organisation's admins. */
  [ORGANIZATION_EVENTS.subscriptionExpired]: async (trx, p: SubscriptionExpiredV1, context) => {
    const organization = await findOrganization(trx, p.organizationId);
    const subscription = await findSubscription(trx, p.subscriptionId);
    const draft = templates.subscriptionExpired({
      subscriptionId: p.subscriptionId,
      organizationId: p.organizationId,
      organizationName: organization?.name ?? 'Təşkilat',
      plan: subscription?.plan ?? '',
      endDate: p.endDate,
    });
    return notify(
      trx,
      draft,
      await organizationRecipients(trx, organization, p.organizationId),
      context.now(),
    );
  },
};
