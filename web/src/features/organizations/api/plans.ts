import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { SubscriptionPlan } from '@tapinti/contracts/organizations-events';
import {
  INVENTORY_PLAN_ENDPOINTS,
  PLAN_ENDPOINTS,
  type InventoryUsage,
  type OrganizationPlan,
} from '@tapinti/contracts/plans-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';
import { ORGANIZATIONS_KEY } from './organizations';

export const organizationPlanKey = (id: string) => apiPath(PLAN_ENDPOINTS.getOrganizationPlan.path, { id });
export const inventoryUsageKey = (id: string) =>
  apiPath(INVENTORY_PLAN_ENDPOINTS.inventoryUsage.path, { id });

/** GET /api/organizations/:id/plan: the plan, its limits and the seats used. */
export function useOrganizationPlan(id: string) {
  return useSWR<OrganizationPlan>(organizationPlanKey(id), (url: string) =>
    callEndpoint(PLAN_ENDPOINTS.getOrganizationPlan, { url }),
  );
}

/** GET /api/organizations/:id/inventory/usage: items this Baku month, storage places. */
export function useInventoryUsage(id: string) {
  return useSWR<InventoryUsage>(inventoryUsageKey(id), (url: string) =>
    callEndpoint(INVENTORY_PLAN_ENDPOINTS.inventoryUsage, { url }),
  );
}

/** PUT /api/organizations/:id/plan (super admin); the list of organisations follows. */
export function useChangePlan() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'PUT /api/organizations/:id/plan',
    (_key: string, { arg }: { arg: { id: string; plan: SubscriptionPlan; monthlyPrice?: number } }) =>
      callEndpoint(PLAN_ENDPOINTS.changeOrganizationPlan, {
        params: { id: arg.id },
        body: {
          plan: arg.plan,
          ...(arg.monthlyPrice === undefined ? {} : { monthlyPrice: arg.monthlyPrice }),
        },
      }),
    {
      onSuccess: (changed: OrganizationPlan) => {
        void mutate(ORGANIZATIONS_KEY);
        void mutate(organizationPlanKey(changed.organizationId), changed, { revalidate: false });
      },
    },
  );
}
