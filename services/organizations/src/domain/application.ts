import { ORGANIZATION_MESSAGES, type ApplicationRequest } from '@tapinti/contracts/organizations-api';
import {
  ORGANIZATION_EVENTS,
  type ApplicationApprovedV1,
  type ApplicationContractRequestedV1,
  type ApplicationRejectedV1,
  type ApplicationStatus,
  type ApplicationSubmittedV1,
  type OrganizationType,
} from '@tapinti/contracts/organizations-events';
import type { Decider, Evolver } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError, NotFoundError } from '@tapinti/platform/errors';

/** What an application's own stream says about it (the write side's view). */
export interface ApplicationState {
  id: string;
  organizationName: string;
  organizationType: OrganizationType;
  address: string;
  contactEmail: string;
  contactPhone: string | null;
  status: ApplicationStatus;
}

export const applicationEvolver: Evolver<ApplicationState | null> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case ORGANIZATION_EVENTS.applicationSubmitted: {
        const p = event.payload as ApplicationSubmittedV1;
        return {
          id: p.applicationId,
          organizationName: p.organizationName,
          organizationType: p.organizationType,
          address: p.address,
          contactEmail: p.contactEmail,
          contactPhone: p.contactPhone,
          status: 'pending',
        };
      }
      case ORGANIZATION_EVENTS.applicationApproved:
        return state && { ...state, status: 'approved' };
      case ORGANIZATION_EVENTS.applicationRejected:
        return state && { ...state, status: 'rejected' };
      case ORGANIZATION_EVENTS.applicationContractRequested:
        return state && { ...state, status: 'need_contract' };
      default:
        return state;
    }
  },
};

/** Approved or rejected only from these (spec §4; need_contract is still open). */
const REVIEWABLE: readonly ApplicationStatus[] = ['pending', 'need_contract'];

export type ApplicationCommand =
  | {
      type: 'submit';
      applicationId: string;
      input: ApplicationRequest;
      /** The signed-in user who applied, or null. */
      submittedBy: string | null;
      now: Date;
      /** Whether a pending application with the same contact e-mail exists (read in the same transaction). */
      pendingWithSameEmail: boolean;
    }
  | {
      type: 'approve';
      reviewedBy: string;
      now: Date;
      organizationId: string;
      subscriptionId: string;
    }
  | { type: 'reject'; reviewedBy: string; now: Date; reason: string }
  | { type: 'request-contract'; reviewedBy: string; now: Date };

function reviewable(state: ApplicationState | null): ApplicationState {
  if (!state) throw new NotFoundError(ORGANIZATION_MESSAGES.applicationNotFound);
  if (!REVIEWABLE.includes(state.status)) throw new ConflictError(ORGANIZATION_MESSAGES.alreadyReviewed);
  return state;
}

export const applicationDecider: Decider<ApplicationState | null, ApplicationCommand> = {
  ...applicationEvolver,
  decide(command, state): NewEvent[] {
    switch (command.type) {
      case 'submit': {
        if (state) throw new ConflictError(ORGANIZATION_MESSAGES.applicationExists);
        if (command.pendingWithSameEmail) {
          throw new ConflictError(ORGANIZATION_MESSAGES.duplicatePending, 'contactEmail');
        }
        const { input } = command;
        const payload: ApplicationSubmittedV1 = {
          applicationId: command.applicationId,
          organizationName: input.organizationName,
          organizationType: input.organizationType,
          contactPerson: input.contactPerson,
          contactEmail: input.contactEmail,
          contactPhone: input.contactPhone ?? null,
          address: input.address,
          message: input.message ?? null,
          status: 'pending',
          submittedBy: command.submittedBy,
          createdAt: command.now.toISOString(),
        };
        return [{ type: ORGANIZATION_EVENTS.applicationSubmitted, schemaVersion: 1, payload }];
      }
      case 'approve': {
        const application = reviewable(state);
        const payload: ApplicationApprovedV1 = {
          applicationId: application.id,
          reviewedBy: command.reviewedBy,
          reviewedAt: command.now.toISOString(),
          status: 'approved',
          organizationId: command.organizationId,
          subscriptionId: command.subscriptionId,
        };
        return [{ type: ORGANIZATION_EVENTS.applicationApproved, schemaVersion: 1, payload }];
      }
      case 'reject': {
        const application = reviewable(state);
        const payload: ApplicationRejectedV1 = {
          applicationId: application.id,
          reviewedBy: command.reviewedBy,
          reviewedAt: command.now.toISOString(),
          status: 'rejected',
          rejectionReason: command.reason,
        };
        return [{ type: ORGANIZATION_EVENTS.applicationRejected, schemaVersion: 1, payload }];
      }
      case 'request-contract': {
        if (!state) throw new NotFoundError(ORGANIZATION_MESSAGES.applicationNotFound);
        if (state.status !== 'pending') {
          throw new ConflictError(
            REVIEWABLE.includes(state.status)
              ? ORGANIZATION_MESSAGES.contractOnlyWhenPending
              : ORGANIZATION_MESSAGES.alreadyReviewed,
          );
        }
        const payload: ApplicationContractRequestedV1 = {
          applicationId: state.id,
          reviewedBy: command.reviewedBy,
          reviewedAt: command.now.toISOString(),
          status: 'need_contract',
        };
        return [{ type: ORGANIZATION_EVENTS.applicationContractRequested, schemaVersion: 1, payload }];
      }
    }
  },
};
