import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import {
  ORGANIZATION_EVENTS,
  type ApplicationApprovedV1,
  type ApplicationContractRequestedV1,
  type ApplicationRejectedV1,
  type ApplicationSubmittedV1,
  invitationRoleOf,
  type InvitationAcceptedV1,
  type InvitationAcceptedV2,
  type InvitationIssuedV1,
  type InvitationIssuedV2,
  type MemberRemovedV1,
  type OrganizationCreatedV1,
  type OrganizationDeactivatedV1,
  type OrganizationReactivatedV1,
  type OrganizationUpdatedV1,
  type SubscriptionExpiredV1,
  type SubscriptionPlanChangedV1,
  type SubscriptionStartedV1,
  type VenueProfileSetV1,
} from '@tapinti/contracts/organizations-events';
import type { Projector } from '@tapinti/eventstore/event-sourcing';
import { TABLES } from './tables';

/** The tables a rebuild empties and refills from this service's events. */
export const READ_MODEL_TABLES = [
  'applications',
  'organizations',
  'subscriptions',
  'invitations',
  'organization_members',
  'venue_profiles',
];

/**
 * Read models from this service's own events, in the appending transaction (and again on a
 * rebuild): every column comes from the event (payload or metadata), never from the clock.
 */
export const project: Projector = async (trx, event: EventEnvelope) => {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case ORGANIZATION_EVENTS.applicationSubmitted: {
      const p = event.payload as ApplicationSubmittedV1;
      await trx(TABLES.applications).insert({
        id: p.applicationId,
        organization_name: p.organizationName,
        organization_type: p.organizationType,
        address: p.address,
        contact_email: p.contactEmail,
        contact_person: p.contactPerson,
        contact_phone: p.contactPhone,
        message: p.message,
        status: p.status,
        submitted_by: p.submittedBy,
        created_at: p.createdAt,
      });
      return;
    }
    case ORGANIZATION_EVENTS.applicationApproved: {
      const p = event.payload as ApplicationApprovedV1;
      await trx(TABLES.applications).where({ id: p.applicationId }).update({
        status: p.status,
        reviewed_by: p.reviewedBy,
        reviewed_at: p.reviewedAt,
        organization_id: p.organizationId,
      });
      return;
    }
    case ORGANIZATION_EVENTS.applicationRejected: {
      const p = event.payload as ApplicationRejectedV1;
      await trx(TABLES.applications).where({ id: p.applicationId }).update({
        status: p.status,
        reviewed_by: p.reviewedBy,
        reviewed_at: p.reviewedAt,
        rejection_reason: p.rejectionReason,
      });
      return;
    }
    case ORGANIZATION_EVENTS.applicationContractRequested: {
      const p = event.payload as ApplicationContractRequestedV1;
      await trx(TABLES.applications)
        .where({ id: p.applicationId })
        .update({ status: p.status, reviewed_by: p.reviewedBy, reviewed_at: p.reviewedAt });
      return;
    }
    case ORGANIZATION_EVENTS.created: {
      const p = event.payload as OrganizationCreatedV1;
      await trx(TABLES.organizations).insert({
        id: p.organizationId,
        name: p.name,
        type: p.type,
        address: p.address,
        contact_email: p.contactEmail,
        contact_phone: p.contactPhone,
        is_active: p.isActive,
        settings: JSON.stringify(p.settings),
        application_id: p.applicationId,
        created_at: p.createdAt,
        updated_at: p.createdAt,
      });
      return;
    }
    case ORGANIZATION_EVENTS.updated: {
      const p = event.payload as OrganizationUpdatedV1;
      const { name, type, address, contactEmail, contactPhone, settings } = p.after;
      await trx(TABLES.organizations)
        .where({ id: p.organizationId })
        .update({
          ...(name === undefined ? {} : { name }),
          ...(type === undefined ? {} : { type }),
          ...(address === undefined ? {} : { address }),
          ...(contactEmail === undefined ? {} : { contact_email: contactEmail }),
          ...(contactPhone === undefined ? {} : { contact_phone: contactPhone }),
          ...(settings === undefined ? {} : { settings: JSON.stringify(settings) }),
          updated_at: at,
        });
      return;
    }
    case ORGANIZATION_EVENTS.deactivated: {
      const p = event.payload as OrganizationDeactivatedV1;
      await trx(TABLES.organizations)
        .where({ id: p.organizationId })
        .update({ is_active: false, updated_at: at });
      return;
    }
    case ORGANIZATION_EVENTS.reactivated: {
      const p = event.payload as OrganizationReactivatedV1;
      await trx(TABLES.organizations)
        .where({ id: p.organizationId })
        .update({ is_active: true, updated_at: at });
      return;
    }
    case ORGANIZATION_EVENTS.subscriptionStarted: {
      const p = event.payload as SubscriptionStartedV1;
      await trx(TABLES.subscriptions).insert({
        id: p.subscriptionId,
        organization_id: p.organizationId,
        plan: p.plan,
        status: p.status,
        start_date: p.startDate,
        end_date: p.endDate,
        monthly_price: p.monthlyPrice,
        features: JSON.stringify(p.features),
        created_at: at,
      });
      // The organisation's current subscription is the one started last.
      await trx(TABLES.organizations)
        .where({ id: p.organizationId })
        .update({ subscription_id: p.subscriptionId });
      return;
    }
    case ORGANIZATION_EVENTS.subscriptionExpired: {
      const p = event.payload as SubscriptionExpiredV1;
      await trx(TABLES.subscriptions)
        .where({ id: p.subscriptionId })
        .update({ status: p.status, expired_at: p.expiredAt });
      return;
    }
    case ORGANIZATION_EVENTS.subscriptionPlanChanged: {
      const p = event.payload as SubscriptionPlanChangedV1;
      await trx(TABLES.subscriptions)
        .where({ id: p.subscriptionId })
        .update({ plan: p.plan, monthly_price: p.monthlyPrice });
      return;
    }
    case ORGANIZATION_EVENTS.invitationIssued: {
      const p = event.payload as InvitationIssuedV1 | InvitationIssuedV2;
      await trx(TABLES.invitations).insert({
        id: p.invitationId,
        organization_id: p.organizationId,
        email: p.email,
        role: invitationRoleOf(p),
        status: 'issued',
        issued_by: p.issuedBy,
        expires_at: p.expiresAt,
        created_at: at,
      });
      return;
    }
    case ORGANIZATION_EVENTS.invitationAccepted: {
      const p = event.payload as InvitationAcceptedV1 & Partial<InvitationAcceptedV2>;
      await trx(TABLES.invitations)
        .where({ id: p.invitationId })
        .update({ status: 'accepted', accepted_by: p.userId, accepted_at: p.acceptedAt });
      const invitation = await trx(TABLES.invitations).select('role').where({ id: p.invitationId }).first();
      // One member however many invitations they accepted: the latest one says their role.
      const member = {
        organization_id: p.organizationId,
        user_id: p.userId,
        invitation_id: p.invitationId,
        accepted_at: p.acceptedAt,
        role: invitation?.role ?? 'org_admin',
        ...(p.username === undefined ? {} : { username: p.username }),
      };
      await trx(TABLES.organizationMembers)
        .insert(member)
        .onConflict(['organization_id', 'user_id'])
        .merge(['invitation_id', 'accepted_at', 'role', ...(p.username === undefined ? [] : ['username'])]);
      return;
    }
    case ORGANIZATION_EVENTS.memberRemoved: {
      const p = event.payload as MemberRemovedV1;
      await trx(TABLES.organizationMembers)
        .where({ organization_id: p.organizationId, user_id: p.userId })
        .delete();
      return;
    }
    case ORGANIZATION_EVENTS.venueProfileSet: {
      const p = event.payload as VenueProfileSetV1;
      const row = {
        slug: p.slug,
        working_hours: p.workingHours ? JSON.stringify(p.workingHours) : null,
        pauses_deadline_outside_hours: p.pausesDeadlineOutsideHours,
        pickup_instructions: p.pickupInstructions,
        updated_at: p.setAt,
      };
      await trx(TABLES.venueProfiles)
        .insert({ organization_id: p.organizationId, ...row })
        .onConflict('organization_id')
        .merge(row);
      return;
    }
  }
};
