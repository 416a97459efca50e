import { AUTH_MESSAGES, type InvitationSummary } from '@tapinti/contracts/auth-api';
import { AUTH_EVENTS, type InvitationAcceptedV2 } from '@tapinti/contracts/auth-events';
import type { OrganizationRole } from '@tapinti/contracts/roles';
import type { Decider, Evolver } from '@tapinti/eventstore/command-handler';
import { AppError, NotFoundError } from '@tapinti/platform/errors';

/** 410: the invitation existed but can no longer be used (accepted already, superseded, or expired). */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

/** An invitation as auth knows it: issued by the organizations service, maybe accepted here. */
export interface Invitation {
  id: string;
  organizationId: string;
  organizationName: string;
  /** Lower-cased. */
  email: string;
  /** What accepting makes the account: the organisation's admin or one of its staff. */
  role: OrganizationRole;
  expiresAt: Date;
  acceptedBy: string | null;
  acceptedAt: Date | null;
  /** A newer invitation to the same e-mail exists: only the latest one can be accepted. */
  superseded: boolean;
}

/** What a verified link says (see packages/platform/src/invitation-token.ts). */
export interface InvitationClaims {
  invitationId: string;
  expiresAt: Date;
}

/** The invitation's stream in auth's store: who accepted it, `null` while nobody has. */
export type InvitationState = { acceptedBy: string; organizationId: string } | null;

export const invitationEvolver: Evolver<InvitationState> = {
  initialState: () => null,
  evolve(state, event) {
    if (event.type !== AUTH_EVENTS.invitationAccepted) return state;
    const p = event.payload as Pick<InvitationAcceptedV2, 'userId' | 'organizationId'>;
    return { acceptedBy: p.userId, organizationId: p.organizationId };
  },
};

/** The earlier of the link's expiry and the issued one (they are the same for a genuine link). */
const expiryOf = (invitation: Pick<Invitation, 'expiresAt'>, claims?: InvitationClaims) =>
  claims && claims.expiresAt < invitation.expiresAt ? claims.expiresAt : invitation.expiresAt;

/**
 * Whether a link can still be used, from the read model (GET, and the checks before the password
 * is hashed): 404 for an invitation auth does not know, 410 once accepted, superseded by a newer
 * invitation to the same e-mail, or expired. The command
 * decides again, on the stream, inside the accepting transaction.
 */
export function checkUsable(
  invitation: Invitation | null,
  claims: InvitationClaims,
  now: Date,
): asserts invitation is Invitation {
  if (!invitation || invitation.id !== claims.invitationId)
    throw new NotFoundError(AUTH_MESSAGES.invitationNotFound);
  if (invitation.acceptedAt) throw new GoneError(AUTH_MESSAGES.invitationUsed);
  if (invitation.superseded) throw new GoneError(AUTH_MESSAGES.invitationSuperseded);
  if (expiryOf(invitation, claims) <= now) throw new GoneError(AUTH_MESSAGES.invitationExpired);
}

export function summaryOf(invitation: Invitation, claims: InvitationClaims): InvitationSummary {
  return {
    organizationName: invitation.organizationName,
    email: invitation.email,
    expiresAt: expiryOf(invitation, claims).toISOString(),
  };
}

export interface AcceptInvitation {
  type: 'accept';
  /** The issued invitation, read in the accepting transaction; null when auth does not know it. */
  invitation: Pick<Invitation, 'id' | 'organizationId' | 'expiresAt' | 'superseded'> | null;
  claims: InvitationClaims;
  /** The account that becomes the organisation's member (created in the same transaction, or the caller's). */
  userId: string;
  /** Its username, which the organisation's admins see in its member list. */
  username: string;
  now: Date;
}

export type InvitationCommand = AcceptInvitation;

/**
 * An invitation is accepted once: the first `accept` on its stream appends
 * `auth.invitation.accepted`; any later one (a second click, a concurrent request that lost the
 * append) is 410, as is a superseded or expired one; one auth does not know is 404.
 */
export const invitationDecider: Decider<InvitationState, InvitationCommand> = {
  ...invitationEvolver,
  decide(command, state) {
    const { invitation, claims, userId, username, now } = command;
    if (state) throw new GoneError(AUTH_MESSAGES.invitationUsed);
    if (!invitation || invitation.id !== claims.invitationId)
      throw new NotFoundError(AUTH_MESSAGES.invitationNotFound);
    if (invitation.superseded) throw new GoneError(AUTH_MESSAGES.invitationSuperseded);
    if (expiryOf(invitation, claims) <= now) throw new GoneError(AUTH_MESSAGES.invitationExpired);
    const payload: InvitationAcceptedV2 = {
      invitationId: invitation.id,
      userId,
      organizationId: invitation.organizationId,
      username,
    };
    return [{ type: AUTH_EVENTS.invitationAccepted, schemaVersion: 2, payload }];
  },
};
