import type { SubscriptionPlan } from '@tapinti/contracts/organizations-events';
import { eventually } from './eventually';
import type { HttpClient } from './http-client';

/**
 * Waits until the inventory service (its own copy of the plan, from the organizations service's
 * events) answers the organisation's usage with `plan`: its limits apply from then on.
 */
export async function inventoryPlanIs(client: HttpClient, organizationId: string, plan: SubscriptionPlan) {
  await eventually(
    async () => {
      const usage = await client.get(`/api/organizations/${organizationId}/inventory/usage`);
      if (usage.status !== 200 || usage.body.plan !== plan)
        throw new Error(`usage: ${usage.status} ${usage.text}`);
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
}
