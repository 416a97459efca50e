import { z } from 'zod';
import {
  ORGANIZATION_EVENTS,
  invitationIssuedV1,
  invitationIssuedV2,
  invitationRoleOf,
  memberRemovedV1,
  organizationCreatedV1,
  organizationUpdatedV1,
} from '@tapinti/contracts/organizations-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { on, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import type { Knex } from '@tapinti/platform/db';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createMemberRemoval } from '../application/member-removal';
import { normalizeEmail } from '../domain/identity';
import { recordIssuedInvitation, recordOrganizationName } from '../store/invitations';

export const INVITATIONS_GROUP = 'auth.invitations';
export const MEMBERSHIPS_GROUP = 'auth.memberships';

/**
 * `organizations.invitation.issued` v1 as auth reads it: the organisation's name is taken when
 * the event carries it (the agreed payload), and otherwise comes from the organisation events.
 */
const issuedInvitationSchema = invitationIssuedV1.extend({ organizationName: z.string().optional() });

type IssuedInvitation = z.infer<typeof issuedInvitationSchema> | z.infer<typeof invitationIssuedV2>;

/**
 * The auth service's consumer groups (each batch of events is applied in one transaction, once
 * per event: see subscribeConsumerGroup):
 *
 * - `auth.invitations`: the invitations the organizations service issued (to become an
 *   organisation's admin), and organisation names, so a link can be shown and accepted here.
 *   No token reaches auth: the link is verified by its signature. v2 says the role it gives.
 * - `auth.memberships`: members an organisation's admin removed become `user` again (issue 25).
 */
export function subscriptions(context: EventSourcedContext): ConsumerGroup[] {
  const recordIssued = (trx: Knex.Transaction, p: IssuedInvitation, event: EventEnvelope) =>
    recordIssuedInvitation(trx, {
      id: p.invitationId,
      organizationId: p.organizationId,
      organizationName: p.organizationName ?? null,
      email: normalizeEmail(p.email),
      role: invitationRoleOf(p),
      expiresAt: p.expiresAt,
      issuedBy: p.issuedBy,
      issuedAt: event.metadata.occurredAt,
    });
  return [
    {
      groupId: INVITATIONS_GROUP,
      handlers: {
        [ORGANIZATION_EVENTS.invitationIssued]: {
          1: on(issuedInvitationSchema, recordIssued),
          2: on(invitationIssuedV2, recordIssued),
        },
        [ORGANIZATION_EVENTS.created]: {
          1: on(organizationCreatedV1, (trx, p, event) =>
            recordOrganizationName(trx, p.organizationId, p.name, event.metadata.occurredAt),
          ),
        },
        [ORGANIZATION_EVENTS.updated]: {
          1: on(organizationUpdatedV1, async (trx, p, event) => {
            if (p.after.name !== undefined)
              await recordOrganizationName(trx, p.organizationId, p.after.name, event.metadata.occurredAt);
          }),
        },
      },
    },
    {
      groupId: MEMBERSHIPS_GROUP,
      handlers: {
        [ORGANIZATION_EVENTS.memberRemoved]: { 1: on(memberRemovedV1, createMemberRemoval(context)) },
      },
    },
  ];
}
