import { randomUUID } from 'node:crypto';
import {
  ORGANIZATION_EVENTS,
  ORGANIZATION_EVENT_SCHEMAS,
  type SubscriptionStartedV1,
} from '@tapinti/contracts/organizations-events';
import {
  changePlanRequestSchema,
  PLAN_MESSAGES,
  planLimitMessage,
  planThatLifts,
} from '@tapinti/contracts/plans-api';
import { ConflictError } from '@tapinti/platform/errors';
import { subscriptionDecider, type SubscriptionState } from '../../src/domain/subscription';

const now = new Date('2026-11-28T10:00:00.000Z');
const superAdmin = randomUUID();
const started: SubscriptionStartedV1 = {
  subscriptionId: randomUUID(),
  organizationId: randomUUID(),
  plan: 'basic',
  status: 'trial',
  startDate: '2026-11-28',
  endDate: '2026-12-28',
  monthlyPrice: 49.99,
  features: {},
};
const stateOf = (): SubscriptionState | null =>
  subscriptionDecider.evolve(subscriptionDecider.initialState(), {
    type: ORGANIZATION_EVENTS.subscriptionStarted,
    schemaVersion: 1,
    payload: started,
  } as never);

describe('a plan change (issue 25 point 8)', () => {
  it('follows the plan price unless given, and is a valid plan-changed v1', () => {
    const [event] = subscriptionDecider.decide(
      { type: 'change-plan', plan: 'pro', by: superAdmin, now },
      stateOf(),
    );
    expect(event).toEqual({
      type: ORGANIZATION_EVENTS.subscriptionPlanChanged,
      schemaVersion: 1,
      payload: {
        subscriptionId: started.subscriptionId,
        organizationId: started.organizationId,
        plan: 'pro',
        previousPlan: 'basic',
        monthlyPrice: 99.99,
        previousMonthlyPrice: 49.99,
        changedBy: superAdmin,
        changedAt: now.toISOString(),
      },
    });
    expect(ORGANIZATION_EVENT_SCHEMAS[event!.type]![1]!.parse(event!.payload)).toEqual(event!.payload);
    const after = subscriptionDecider.evolve(stateOf(), event as never);
    expect(after).toMatchObject({ plan: 'pro', monthlyPrice: 99.99 });
    // The same plan at the same price: nothing; another price: a change.
    expect(
      subscriptionDecider.decide({ type: 'change-plan', plan: 'pro', by: superAdmin, now }, after),
    ).toEqual([]);
    expect(
      subscriptionDecider.decide(
        { type: 'change-plan', plan: 'pro', monthlyPrice: 80, by: superAdmin, now },
        after,
      )[0]!.payload,
    ).toMatchObject({ plan: 'pro', previousPlan: 'pro', monthlyPrice: 80, previousMonthlyPrice: 99.99 });
  });

  it('takes a price to the cent, as the approval does', () => {
    expect(changePlanRequestSchema.parse({ plan: 'pro', monthlyPrice: 19.99 })).toEqual({
      plan: 'pro',
      monthlyPrice: 19.99,
    });
    expect(changePlanRequestSchema.safeParse({ plan: 'gold' }).error?.issues[0]?.message).toBe(
      PLAN_MESSAGES.plan,
    );
  });

  it('needs a subscription', () => {
    expect(() =>
      subscriptionDecider.decide({ type: 'change-plan', plan: 'pro', by: superAdmin, now }, null),
    ).toThrow(new ConflictError(PLAN_MESSAGES.noSubscription));
  });

  it('names the plan that lifts each limit', () => {
    expect(planThatLifts('staffSeats', 'basic')).toBe('pro');
    expect(planThatLifts('itemsPerMonth', 'pro')).toBe('enterprise');
    expect(planThatLifts('labels', 'basic')).toBe('pro');
    expect(planLimitMessage('storagePlaces', 'basic')).toBe(
      'Planın limiti: Basic planında yalnız 1 saxlama yeri olur. Limiti Pro planı qaldırır — super adminlə əlaqə saxlayın.',
    );
  });
});
