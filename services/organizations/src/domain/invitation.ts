import { INVITATION_VALID_DAYS, ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import {
  ORGANIZATION_EVENTS,
  invitationRoleOf,
  type InvitationAcceptedV1,
  type InvitationAcceptedV2,
  type InvitationIssuedV1,
  type InvitationIssuedV2,
} from '@tapinti/contracts/organizations-events';
import type { OrganizationRole } from '@tapinti/contracts/roles';
import type { Decider, Evolver } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError } from '@tapinti/platform/errors';

/**
 * An invitation to become an organisation's admin or one of its staff. No token: it is signed
 * from id and expiry when mailed.
 */
export interface InvitationState {
  id: string;
  organizationId: string;
  email: string;
  role: OrganizationRole;
  expiresAt: string;
  status: 'issued' | 'accepted';
}

export const invitationEvolver: Evolver<InvitationState | null> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case ORGANIZATION_EVENTS.invitationIssued: {
        const p = event.payload as InvitationIssuedV1 | InvitationIssuedV2;
        return {
          id: p.invitationId,
          organizationId: p.organizationId,
          email: p.email,
          role: invitationRoleOf(p),
          expiresAt: p.expiresAt,
          status: 'issued',
        };
      }
      case ORGANIZATION_EVENTS.invitationAccepted:
        return state && { ...state, status: 'accepted' };
      default:
        return state;
    }
  },
};

export const INVITATION_VALID_MS = INVITATION_VALID_DAYS * 24 * 3600 * 1000;

export type InvitationCommand =
  | {
      type: 'issue';
      invitationId: string;
      organizationId: string;
      organizationName: string;
      email: string;
      role: OrganizationRole;
      issuedBy: string | null;
      now: Date;
    }
  /**
   * Records what auth decided (`auth.invitation.accepted`): the token was valid and the user is
   * now the organisation's admin or staff, as invited. An unknown, already accepted or other
   * organisation's invitation gives no event (the consumer logs it). `username`: what auth's v2
   * says (v1 did not), written as v2.
   */
  | { type: 'accept'; userId: string; organizationId: string; acceptedAt: Date; username?: string };

export const invitationDecider: Decider<InvitationState | null, InvitationCommand> = {
  ...invitationEvolver,
  decide(command, state): NewEvent[] {
    switch (command.type) {
      case 'issue': {
        if (state) throw new ConflictError(ORGANIZATION_MESSAGES.invitationExists);
        const payload: InvitationIssuedV2 = {
          invitationId: command.invitationId,
          organizationId: command.organizationId,
          organizationName: command.organizationName,
          email: command.email,
          expiresAt: new Date(command.now.getTime() + INVITATION_VALID_MS).toISOString(),
          issuedBy: command.issuedBy,
          role: command.role,
        };
        return [{ type: ORGANIZATION_EVENTS.invitationIssued, schemaVersion: 2, payload }];
      }
      case 'accept': {
        if (!state || state.status === 'accepted' || state.organizationId !== command.organizationId)
          return [];
        const payload: InvitationAcceptedV1 = {
          invitationId: state.id,
          organizationId: state.organizationId,
          userId: command.userId,
          acceptedAt: command.acceptedAt.toISOString(),
        };
        if (command.username === undefined)
          return [{ type: ORGANIZATION_EVENTS.invitationAccepted, schemaVersion: 1, payload }];
        const withName: InvitationAcceptedV2 = { ...payload, username: command.username };
        return [{ type: ORGANIZATION_EVENTS.invitationAccepted, schemaVersion: 2, payload: withName }];
      }
    }
  },
};
