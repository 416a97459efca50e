import {
  DEFAULT_SUBSCRIPTION,
  ORGANIZATION_MESSAGES,
  SUBSCRIPTION_PLAN_PRICES,
  type ApproveRequest,
} from '@tapinti/contracts/organizations-api';
import {
  ORGANIZATION_EVENTS,
  type SubscriptionExpiredV1,
  type SubscriptionPlan,
  type SubscriptionPlanChangedV1,
  type SubscriptionStartedV1,
  type SubscriptionStatus,
} from '@tapinti/contracts/organizations-events';
import { PLAN_MESSAGES } from '@tapinti/contracts/plans-api';
import type { Decider, Evolver } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError, ValidationError } from '@tapinti/platform/errors';
import { addDays } from '@tapinti/contracts/baku-calendar';

export interface SubscriptionState {
  id: string;
  organizationId: string;
  status: SubscriptionStatus;
  endDate: string;
  plan: SubscriptionPlan;
  monthlyPrice: number;
}

export const subscriptionEvolver: Evolver<SubscriptionState | null> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case ORGANIZATION_EVENTS.subscriptionStarted: {
        const p = event.payload as SubscriptionStartedV1;
        return {
          id: p.subscriptionId,
          organizationId: p.organizationId,
          status: p.status,
          endDate: p.endDate,
          plan: p.plan,
          monthlyPrice: p.monthlyPrice,
        };
      }
      case ORGANIZATION_EVENTS.subscriptionExpired:
        return state && { ...state, status: 'expired' };
      case ORGANIZATION_EVENTS.subscriptionPlanChanged: {
        const p = event.payload as SubscriptionPlanChangedV1;
        return state && { ...state, plan: p.plan, monthlyPrice: p.monthlyPrice };
      }
      default:
        return state;
    }
  },
};

export interface SubscriptionTerms {
  plan: SubscriptionPlan;
  status: 'trial' | 'active';
  startDate: string;
  endDate: string;
  monthlyPrice: number;
}

/**
 * The approval's terms (spec §9): plan basic, status trial, from today for 30 days; the price
 * follows the plan (basic 49.99, pro 99.99, enterprise 199.99 AZN) unless given; the end date
 * follows the start date unless given.
 */
export function subscriptionTerms(
  given: NonNullable<ApproveRequest['subscriptionData']>,
  today: string,
): SubscriptionTerms {
  const plan = given.plan ?? DEFAULT_SUBSCRIPTION.plan;
  const startDate = given.startDate ?? today;
  return {
    plan,
    status: given.status ?? DEFAULT_SUBSCRIPTION.status,
    startDate,
    endDate: given.endDate ?? addDays(startDate, DEFAULT_SUBSCRIPTION.days),
    monthlyPrice: given.monthlyPrice ?? SUBSCRIPTION_PLAN_PRICES[plan],
  };
}

export type SubscriptionCommand =
  | {
      type: 'start';
      subscriptionId: string;
      organizationId: string;
      terms: SubscriptionTerms;
      features: Record<string, unknown>;
    }
  /** Expires a running subscription once its end date has come (`today`, a Baku day). */
  | { type: 'expire'; today: string; now: Date }
  /**
   * The super admin moves the organisation to another plan (issue 25 point 8); the price follows
   * the plan's unless given, as on approval. The same plan at the same price appends nothing.
   */
  | { type: 'change-plan'; plan: SubscriptionPlan; monthlyPrice?: number; by: string; now: Date };

export const subscriptionDecider: Decider<SubscriptionState | null, SubscriptionCommand> = {
  ...subscriptionEvolver,
  decide(command, state): NewEvent[] {
    switch (command.type) {
      case 'start': {
        if (state) throw new ConflictError(ORGANIZATION_MESSAGES.subscriptionExists);
        const { terms } = command;
        if (terms.endDate < terms.startDate) {
          throw new ValidationError(ORGANIZATION_MESSAGES.dateOrder, 'subscriptionData.endDate');
        }
        const payload: SubscriptionStartedV1 = {
          subscriptionId: command.subscriptionId,
          organizationId: command.organizationId,
          ...terms,
          features: command.features,
        };
        return [{ type: ORGANIZATION_EVENTS.subscriptionStarted, schemaVersion: 1, payload }];
      }
      case 'expire': {
        if (!state || state.status === 'expired' || state.endDate > command.today) return [];
        const payload: SubscriptionExpiredV1 = {
          subscriptionId: state.id,
          organizationId: state.organizationId,
          status: 'expired',
          endDate: state.endDate,
          expiredAt: command.now.toISOString(),
        };
        return [{ type: ORGANIZATION_EVENTS.subscriptionExpired, schemaVersion: 1, payload }];
      }
      case 'change-plan': {
        if (!state) throw new ConflictError(PLAN_MESSAGES.noSubscription);
        const monthlyPrice = command.monthlyPrice ?? SUBSCRIPTION_PLAN_PRICES[command.plan];
        if (state.plan === command.plan && state.monthlyPrice === monthlyPrice) return [];
        const payload: SubscriptionPlanChangedV1 = {
          subscriptionId: state.id,
          organizationId: state.organizationId,
          plan: command.plan,
          previousPlan: state.plan,
          monthlyPrice,
          previousMonthlyPrice: state.monthlyPrice,
          changedBy: command.by,
          changedAt: command.now.toISOString(),
        };
        return [{ type: ORGANIZATION_EVENTS.subscriptionPlanChanged, schemaVersion: 1, payload }];
      }
    }
  },
};
