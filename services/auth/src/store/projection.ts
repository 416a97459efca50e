import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import {
  AUTH_EVENTS,
  type UserDeletedV1,
  type InvitationAcceptedV1,
  type UserLoggedInV1,
  type UserProfileUpdatedV1,
  type UserRegisteredV1,
  type UserRoleChangedV1,
} from '@tapinti/contracts/auth-events';
import type { Projector } from '@tapinti/eventstore/event-sourcing';
import { foldUsername } from '../domain/identity';
import { markInvitationAccepted } from './invitations';
import { ACCOUNT_LINKS, USERS, purgedIdentity, usernameSkeletonFor } from './queries';

const LINK_PURPOSES: Record<string, string> = {
  [AUTH_EVENTS.emailVerificationRequested]: 'email-verification',
  [AUTH_EVENTS.phoneVerificationRequested]: 'phone-verification',
  [AUTH_EVENTS.passwordResetRequested]: 'password-reset',
};

const USER_STREAM = /^user-([0-9a-f-]{36})$/i;

/** `version` follows the user's own stream only (logins have their own stream since it exists). */
const userStreamVersion = (event: EventEnvelope) =>
  USER_STREAM.test(event.streamId) ? { version: event.streamVersion } : {};

/**
 * auth.users from the user streams, in the transaction that appends the events (and again on a
 * rebuild). Every event of a user stream moves the row's `version` to that stream version; logins
 * (their own stream) set `last_login_at`. An invitation's acceptance marks auth.invitations.
 * Usernames get their look-alike key (`username_skeleton`, unique) here too.
 */
export const projectAuthEvent: Projector = async (trx, event: EventEnvelope) => {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case AUTH_EVENTS.registered: {
      const p = event.payload as UserRegisteredV1;
      await trx(USERS).insert({
        id: p.userId,
        username: p.username,
        username_key: foldUsername(p.username),
        username_skeleton: await usernameSkeletonFor(trx, p.userId, p.username),
        email: p.email,
        phone: p.phone,
        role: p.role,
        organization_id: p.organizationId,
        is_active: p.isActive,
        is_verified: p.isVerified,
        created_at: at,
        updated_at: at,
        version: event.streamVersion,
      });
      return;
    }
    case AUTH_EVENTS.loggedIn: {
      const p = event.payload as UserLoggedInV1;
      await trx(USERS)
        .where({ id: p.userId })
        .update({ last_login_at: at, ...userStreamVersion(event) });
      return;
    }
    case AUTH_EVENTS.profileUpdated: {
      const p = event.payload as UserProfileUpdatedV1;
      const changes: Record<string, unknown> = { updated_at: at, version: event.streamVersion };
      if (p.after.username !== undefined) {
        changes.username = p.after.username;
        changes.username_key = foldUsername(p.after.username);
        changes.username_skeleton = await usernameSkeletonFor(trx, p.userId, p.after.username);
      }
      // A new address or number is not verified (issue 15).
      if (p.after.email !== undefined) Object.assign(changes, { email: p.after.email, is_verified: false });
      if (p.after.phone !== undefined)
        Object.assign(changes, { phone: p.after.phone, phone_verified: false });
      await trx(USERS).where({ id: p.userId }).update(changes);
      return;
    }
    case AUTH_EVENTS.roleChanged: {
      const p = event.payload as UserRoleChangedV1;
      await trx(USERS).where({ id: p.userId }).update({
        role: p.after.role,
        organization_id: p.after.organizationId,
        updated_at: at,
        version: event.streamVersion,
      });
      return;
    }
    case AUTH_EVENTS.emailVerificationRequested:
    case AUTH_EVENTS.phoneVerificationRequested:
    case AUTH_EVENTS.passwordResetRequested: {
      const p = event.payload as {
        userId: string;
        verificationId?: string;
        resetId?: string;
        expiresAt: string;
      };
      await trx(ACCOUNT_LINKS).insert({
        id: p.verificationId ?? p.resetId,
        user_id: p.userId,
        purpose: LINK_PURPOSES[event.type],
        expires_at: p.expiresAt,
      });
      await trx(USERS).where({ id: p.userId }).update({ version: event.streamVersion });
      return;
    }
    case AUTH_EVENTS.emailVerified:
    case AUTH_EVENTS.phoneVerified: {
      const p = event.payload as { userId: string };
      const column = event.type === AUTH_EVENTS.emailVerified ? 'is_verified' : 'phone_verified';
      await trx(USERS)
        .where({ id: p.userId })
        .update({ [column]: true, updated_at: at, version: event.streamVersion });
      return;
    }
    case AUTH_EVENTS.deleted: {
      const p = event.payload as UserDeletedV1;
      await trx(USERS).where({ id: p.userId }).update({
        is_active: false,
        deleted_at: at,
        purge_after: p.purgeAfter,
        updated_at: at,
        version: event.streamVersion,
      });
      return;
    }
    case AUTH_EVENTS.purged: {
      const p = event.payload as { userId: string };
      const identity = purgedIdentity(p.userId);
      await trx(USERS)
        .where({ id: p.userId })
        .update({
          ...identity,
          username_key: foldUsername(identity.username),
          username_skeleton: null,
          purged_at: at,
          updated_at: at,
          version: event.streamVersion,
        });
      return;
    }
    case AUTH_EVENTS.invitationAccepted: {
      // auth.invitations is not emptied by a rebuild (its issued rows come from a consumer):
      // replaying this sets the same values again.
      const p = event.payload as InvitationAcceptedV1;
      await markInvitationAccepted(trx, p.invitationId, p.userId, at);
      return;
    }
    default: {
      // login-failed, logged-out: no column changes. Older ones stand on the user's stream.
      const id = USER_STREAM.exec(event.streamId)?.[1];
      if (id) await trx(USERS).where({ id }).update({ version: event.streamVersion });
    }
  }
};
