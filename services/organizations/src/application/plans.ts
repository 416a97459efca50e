import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { ORGANIZATION_MESSAGES, type Organization } from '@tapinti/contracts/organizations-api';
import { subscriptionStreamId, type SubscriptionPlan } from '@tapinti/contracts/organizations-events';
import {
  type ChangePlanRequest,
  FALLBACK_PLAN,
  type OrganizationPlan,
  PLAN_LIMITS,
  PLAN_MESSAGES,
  planLimitMessage,
} from '@tapinti/contracts/plans-api';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import type { Knex } from '@tapinti/platform/db';
import { ConflictError, NotFoundError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { subscriptionDecider } from '../domain/subscription';
import { findOrganization } from '../store/queries';
import { lockSeats, seatsOf } from '../store/seats';
import { uuidOf } from './ids';
import type { Organizations } from './organizations';

const planOf = (organization: Organization): SubscriptionPlan =>
  organization.subscription?.plan ?? FALLBACK_PLAN;

/**
 * Refuses an invitation that would take a seat the organisation's plan does not have (409 naming
 * the limit and the plan that lifts it). Re-inviting a member (a role change) or an address already
 * invited takes no new seat. In the invitation's transaction, serialised per organisation.
 */
export async function ensureSeatFor(
  trx: Knex.Transaction,
  organization: Organization,
  email: string,
  now: Date,
): Promise<void> {
  const plan = planOf(organization);
  const limit = PLAN_LIMITS[plan].staffSeats;
  if (limit === null) return;
  await lockSeats(trx, organization.id);
  const seats = await seatsOf(trx, organization.id, now);
  if (seats.emails.has(email.toLowerCase())) return;
  if (seats.used >= limit) throw new ConflictError(planLimitMessage('staffSeats', plan));
}

/** An organisation's plan: who may read it, its limits and seats; the super admin changes it. */
export function createPlans(context: EventSourcedContext, organizations: Organizations) {
  const { knex, clock } = context;
  const subscriptions = createCommandHandler(context.es, subscriptionDecider);

  async function planView(organization: Organization): Promise<OrganizationPlan> {
    if (!organization.subscription) throw new ConflictError(PLAN_MESSAGES.noSubscription);
    const plan = organization.subscription.plan;
    const { members, openInvitations, used } = await seatsOf(knex, organization.id, clock());
    return {
      organizationId: organization.id,
      plan,
      status: organization.subscription.status,
      monthlyPrice: organization.subscription.monthlyPrice,
      limits: PLAN_LIMITS[plan],
      seats: { members, openInvitations, used },
    };
  }

  return {
    /** Its admins and staff (their own, active organisation) and the super admin. */
    async get(caller: Caller, id: string): Promise<OrganizationPlan> {
      return planView(await organizations.get(caller, id));
    },

    /**
     * The super admin's plan change: `organizations.subscription.plan-changed` on the current
     * subscription's stream (audited like every event here); the price follows the plan unless given.
     */
    async change(
      caller: Caller,
      rawId: string,
      { plan, monthlyPrice }: ChangePlanRequest,
      metadata: EventMetadata,
    ): Promise<OrganizationPlan> {
      const id = uuidOf(rawId);
      const organization = id ? await findOrganization(knex, id) : null;
      if (!organization) throw new NotFoundError(ORGANIZATION_MESSAGES.organizationNotFound);
      if (!organization.subscriptionId) throw new ConflictError(PLAN_MESSAGES.noSubscription);
      await subscriptions.handle(
        subscriptionStreamId(organization.subscriptionId),
        (state) =>
          subscriptionDecider.decide(
            { type: 'change-plan', plan, monthlyPrice, by: caller.userId, now: clock() },
            state,
          ),
        { ...metadata, organizationId: organization.id },
      );
      return planView((await findOrganization(knex, organization.id))!);
    },
  };
}
export type Plans = ReturnType<typeof createPlans>;
