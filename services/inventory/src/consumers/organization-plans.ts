import type { Knex } from 'knex';
import type {
  SubscriptionPlan,
  SubscriptionPlanChangedV1,
  SubscriptionStartedV1,
} from '@tapinti/contracts/organizations-events';
import { TABLES } from '../store/tables';

/**
 * The organisation's plan as its latest subscription event says. Each event sets the plan (no
 * counting), and a subscription's events share one stream, so they arrive in order: a redelivered
 * event changes nothing.
 */
async function setPlan(trx: Knex.Transaction, organizationId: string, plan: SubscriptionPlan) {
  await trx(TABLES.organizationPlans)
    .insert({ organization_id: organizationId, plan })
    .onConflict('organization_id')
    .merge();
}

export const subscriptionStarted = (trx: Knex.Transaction, p: SubscriptionStartedV1) =>
  setPlan(trx, p.organizationId, p.plan);

export const subscriptionPlanChanged = (trx: Knex.Transaction, p: SubscriptionPlanChangedV1) =>
  setPlan(trx, p.organizationId, p.plan);
