import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  invitationAccountSchema,
  type AcceptInvitationRequest,
  type InvitationSummary,
} from '@tapinti/contracts/auth-api';
import { AUTH_EVENTS, invitationStreamId, userStreamId } from '@tapinti/contracts/auth-events';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { createCommandHandler, foldEvents } from '@tapinti/eventstore/command-handler';
import type { UnitOfWork } from '@tapinti/eventstore/event-sourcing';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '@tapinti/platform/errors';
import { verifyInvitationToken } from '@tapinti/platform/invitation-token';
import type { Caller } from '@tapinti/platform/session';
import { parseInput } from '@tapinti/platform/validation';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import {
  checkUsable,
  invitationDecider,
  summaryOf,
  type Invitation,
  type InvitationClaims,
} from '../domain/invitation';
import { refuseReservedUsername, refuseWeakPassword } from '../domain/identity';
import { clashMessage, registrationOf, userDecider, type User } from '../domain/user';
import { createPasswordHasher, type PasswordHasher } from '../security/passwords';
import { findInvitation, lockInvitation } from '../store/invitations';
import { clashOfUniqueViolation, findClashes, findUserById, writePasswordHash } from '../store/queries';
import { createAccessWriter } from './user-access';

/** A clash on the invited e-mail means the person already has an account: sign in and accept. */
function clashError(clash: { username: boolean; email: boolean; phone: boolean }): ConflictError | null {
  if (clash.email) return new ConflictError(AUTH_MESSAGES.invitationEmailHasAccount);
  const found = clashMessage(clash);
  return found && new ConflictError(found.message, found.field);
}

/**
 * Organisation invitations (admins and staff), auth's side: showing a link, and accepting it (a new account,
 * or the signed-in account with the invited e-mail) with a command on the invitation's own
 * stream, so it is used once however many requests race for it.
 */
export function createInvitations(
  context: EventSourcedContext,
  hasher: PasswordHasher = createPasswordHasher(),
) {
  const { es, knex, clock, config } = context;
  const invitations = createCommandHandler(es, invitationDecider);
  const access = createAccessWriter(context);

  /** The link's claims and what auth knows of it, if it can still be used (404 / 410 otherwise). */
  async function usable(token: string): Promise<{ claims: InvitationClaims; invitation: Invitation }> {
    const claims = verifyInvitationToken(config.JWT_SECRET, token);
    if (!claims) throw new NotFoundError(AUTH_MESSAGES.invitationNotFound);
    const invitation = await findInvitation(knex, claims.invitationId);
    checkUsable(invitation, claims, clock());
    return { claims, invitation };
  }

  /** The invitation's stream decides (410 for a second acceptance) with the account's events. */
  function accept(
    claims: InvitationClaims,
    userId: string,
    username: string,
    metadata: EventMetadata,
    withAccount: (uow: UnitOfWork) => Promise<void>,
  ) {
    return invitations.handle(
      invitationStreamId(claims.invitationId),
      async (_state, uow) => {
        // Concurrent acceptances of one invitation wait here for each other; the stream is read
        // again once the lock is held, so the later one decides on the earlier one's acceptance
        // (410) before it creates anything (a clash on the e-mail would otherwise answer first).
        await lockInvitation(uow.trx, claims.invitationId);
        const history = await es.store.readStream(invitationStreamId(claims.invitationId), uow.trx);
        const invitation = await findInvitation(uow.trx, claims.invitationId);
        const events = invitationDecider.decide(
          { type: 'accept', invitation, claims, userId, username, now: clock() },
          foldEvents(invitationDecider, history),
        );
        await withAccount(uow);
        return events;
      },
      metadata,
    );
  }

  return {
    /** GET /api/invitations/:token */
    async describe(token: string): Promise<InvitationSummary> {
      const { claims, invitation } = await usable(token);
      return summaryOf(invitation, claims);
    },

    /**
     * A signed-out visitor: a new account with the invited e-mail, registered as a `user` and
     * made the organisation's admin or staff (as invited), in the transaction that accepts the invitation.
     */
    async acceptWithNewAccount(input: AcceptInvitationRequest, meta: EventMetadata): Promise<User> {
      const { claims, invitation } = await usable(input.token);
      const account = parseInput(invitationAccountSchema, input);
      refuseReservedUsername(account.username);
      await refuseWeakPassword(account.password, { username: account.username, email: invitation.email });
      const early = clashError(
        await findClashes(knex, { username: account.username, email: invitation.email, phone: null }),
      );
      if (early) {
        // A concurrent acceptance of this very link may have created the clashing account since
        // the link was checked: then the link is used up (410), which is what this caller must hear.
        await usable(input.token);
        throw early;
      }
      const passwordHash = await hasher.admit(() => hasher.hash(account.password));
      const userId = randomUUID();
      const metadata = { ...meta, actorId: userId, organizationId: invitation.organizationId };
      try {
        await accept(claims, userId, account.username, metadata, async ({ trx, append }) => {
          const current = (await findInvitation(trx, claims.invitationId))!;
          const clash = clashError(
            await findClashes(trx, { username: account.username, email: current.email, phone: null }),
          );
          if (clash) throw clash;
          // Secrets are not events: the hash goes to auth.credentials, in this same transaction.
          await writePasswordHash(trx, userId, passwordHash);
          const registered = {
            type: AUTH_EVENTS.registered,
            schemaVersion: 1,
            payload: registrationOf(userId, { username: account.username, email: current.email }),
          };
          const promotion = userDecider.decide(
            {
              type: 'join-organization',
              organizationId: current.organizationId,
              role: current.role,
              invitationId: claims.invitationId,
            },
            foldEvents(userDecider, [registered]),
          );
          await append(userStreamId(userId), 'no-stream', [registered, ...promotion], {
            ...metadata,
            organizationId: null,
          });
        });
      } catch (err) {
        const clash = clashOfUniqueViolation(err);
        throw clash
          ? (clashError({ username: false, email: false, phone: false, [clash]: true }) ?? err)
          : err;
      }
      const user = await findUserById(knex, userId);
      if (!user) throw new Error('accepted user not found in the read model');
      return user;
    },

    /**
     * The signed-in caller whose e-mail is the invited one becomes the organisation's admin or staff
     * (403 for another e-mail). Their access record is rewritten, so the very next request of
     * the same session has the new role.
     */
    async acceptAsCaller(token: string, caller: Caller, meta: EventMetadata): Promise<User> {
      const { claims, invitation } = await usable(token);
      const user = await findUserById(knex, caller.userId);
      if (!user || !user.isActive) throw new UnauthorizedError();
      if (user.email !== invitation.email) throw new ForbiddenError(AUTH_MESSAGES.invitationOtherEmail);
      const metadata = { ...meta, actorId: user.id, organizationId: invitation.organizationId };
      await accept(claims, user.id, user.username, metadata, async ({ trx, append }) => {
        const stream = userStreamId(user.id);
        const history = await es.store.readStream(stream, trx);
        const state = foldEvents(userDecider, history);
        const current = (await findInvitation(trx, claims.invitationId))!;
        if (!state || !state.isActive) throw new UnauthorizedError();
        if (state.email !== current.email) throw new ForbiddenError(AUTH_MESSAGES.invitationOtherEmail);
        const promotion = userDecider.decide(
          {
            type: 'join-organization',
            organizationId: current.organizationId,
            role: current.role,
            invitationId: claims.invitationId,
          },
          state,
        );
        if (promotion.length)
          await append(stream, history.at(-1)!.streamVersion, promotion, { ...meta, actorId: user.id });
      });
      const updated = await findUserById(knex, user.id);
      if (!updated) throw new UnauthorizedError();
      await access.write(updated);
      return updated;
    },
  };
}
export type Invitations = ReturnType<typeof createInvitations>;
