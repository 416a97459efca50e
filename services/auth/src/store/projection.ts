import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import {
  AUTH_EVENTS,
  type InvitationAcceptedV1,
  type UserLoggedInV1,
  type UserProfileUpdatedV1,
  type UserRegisteredV1,
  type UserRoleChangedV1,
} from '@tapinti/contracts/auth-events';
import type { Projector } from '@tapinti/eventstore/event-sourcing';
import { foldUsername } from '../domain/identity';
import { markInvitationAccepted } from './invitations';
import { USERS, usernameSkeletonFor } from './queries';

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
      if (p.after.email !== undefined) changes.email = p.after.email;
      if (p.after.phone !== undefined) changes.phone = p.after.phone;
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
