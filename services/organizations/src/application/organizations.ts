import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import {
  ORGANIZATION_MESSAGES,
  type Invitation,
  type InvitationRequest,
  type Member,
  type Organization,
  type OrganizationAnnouncement,
  type UpdateOrganizationRequest,
} from '@tapinti/contracts/organizations-api';
import { invitationStreamId, organizationStreamId } from '@tapinti/contracts/organizations-events';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { ForbiddenError, NotFoundError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { sessionRegistry } from '@tapinti/runtime/sessions';
import { invitationDecider } from '../domain/invitation';
import { organizationDecider } from '../domain/organization';
import {
  findInvitation,
  findMember,
  findOrganization,
  listMembers,
  listOrganizationAnnouncements,
  listOrganizations,
} from '../store/queries';
import { uuidOf } from './ids';
import { ensureSeatFor } from './plans';

/** The organisation use cases behind the HTTP routes. */
export function createOrganizations(context: EventSourcedContext) {
  const { knex, clock } = context;
  const organizations = createCommandHandler(context.es, organizationDecider);
  const invitations = createCommandHandler(context.es, invitationDecider);
  const sessions = sessionRegistry(context.kv);

  /**
   * The organisation, if the caller may act on it: a super admin on any; its admins and staff
   * only on their own (the session says which, fresh per request), and not while it is
   * deactivated. Everyone else, and staff where only admins may act, is turned away before (the
   * endpoint's roles).
   */
  async function accessible(caller: Caller, rawId: string): Promise<Organization> {
    const id = uuidOf(rawId);
    if (caller.role !== 'super_admin' && (!id || caller.organizationId?.toLowerCase() !== id)) {
      throw new ForbiddenError(ORGANIZATION_MESSAGES.foreignOrganization);
    }
    const organization = id ? await findOrganization(knex, id) : null;
    if (!organization) throw new NotFoundError(ORGANIZATION_MESSAGES.organizationNotFound);
    if (caller.role !== 'super_admin' && !organization.isActive) {
      throw new ForbiddenError(ORGANIZATION_MESSAGES.deactivated);
    }
    return organization;
  }

  return {
    list: (): Promise<Organization[]> => listOrganizations(knex),

    get: (caller: Caller, id: string): Promise<Organization> => accessible(caller, id),

    /** Changes fields and deactivates or reactivates; the organisation's announcements stay. */
    async update(
      rawId: string,
      changes: UpdateOrganizationRequest,
      caller: Caller,
      metadata: EventMetadata,
    ): Promise<Organization> {
      const id = uuidOf(rawId);
      if (!id) throw new NotFoundError(ORGANIZATION_MESSAGES.organizationNotFound);
      await organizations.handle(
        organizationStreamId(id),
        (state) =>
          organizationDecider.decide(
            { type: 'update', changes, actorId: caller.userId, now: clock() },
            state,
          ),
        { ...metadata, organizationId: id },
      );
      const organization = await findOrganization(knex, id);
      if (!organization) throw new NotFoundError(ORGANIZATION_MESSAGES.organizationNotFound);
      return organization;
    },

    async announcements(caller: Caller, id: string): Promise<OrganizationAnnouncement[]> {
      const organization = await accessible(caller, id);
      return listOrganizationAnnouncements(knex, organization.id);
    },

    /**
     * Invites `email` to become the organisation's admin or one of its staff (`role`); the e-mail
     * is sent by the consumer of the event.
     */
    async invite(
      caller: Caller,
      id: string,
      { email, role }: InvitationRequest,
      metadata: EventMetadata,
    ): Promise<Invitation> {
      const organization = await accessible(caller, id);
      const invitationId = randomUUID();
      await invitations.handle(
        invitationStreamId(invitationId),
        async (state, { trx }) => {
          await ensureSeatFor(trx, organization, email, clock());
          return invitationDecider.decide(
            {
              type: 'issue',
              invitationId,
              organizationId: organization.id,
              organizationName: organization.name,
              email,
              role,
              issuedBy: caller.userId,
              now: clock(),
            },
            state,
          );
        },
        { ...metadata, organizationId: organization.id },
      );
      return (await findInvitation(knex, invitationId))!;
    },

    /** The organisation's admins and staff; their e-mails only for its admins and the super admin. */
    async members(caller: Caller, id: string): Promise<Member[]> {
      const organization = await accessible(caller, id);
      return listMembers(knex, organization.id, caller.role !== 'org_staff');
    },

    /**
     * Removes a member (admin or staff): `organizations.organization.member-removed`, which auth
     * turns into a plain `user` account. Their sessions end as soon as the removal is committed,
     * before the answer, so their very next request is signed out (issue 25).
     */
    async removeMember(
      caller: Caller,
      id: string,
      rawUserId: string,
      metadata: EventMetadata,
    ): Promise<void> {
      const organization = await accessible(caller, id);
      const userId = uuidOf(rawUserId);
      if (!userId) throw new NotFoundError(ORGANIZATION_MESSAGES.memberNotFound);
      await organizations.handle(
        organizationStreamId(organization.id),
        async (state, { trx }) =>
          organizationDecider.decide(
            {
              type: 'remove-member',
              member: await findMember(trx, organization.id, userId),
              actorId: caller.userId,
              now: clock(),
            },
            state,
          ),
        { ...metadata, organizationId: organization.id },
      );
      await sessions.closeAll(userId, { ttlSeconds: context.config.SESSION_TTL_SECONDS });
    },
  };
}
export type Organizations = ReturnType<typeof createOrganizations>;
