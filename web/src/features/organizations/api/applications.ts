import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  ORGANIZATION_ENDPOINTS,
  type Application,
  type Approval,
  type ApproveRequest,
  type RejectRequest,
} from '@tapinti/contracts/organizations-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { ORGANIZATIONS_KEY } from './organizations';

const E = ORGANIZATION_ENDPOINTS;

/** GET /api/applications: every application, newest first (super admin). */
export const APPLICATIONS_KEY = E.listApplications.path;

export function useApplications() {
  return useSWR<Application[]>(APPLICATIONS_KEY, (url: string) => callEndpoint(E.listApplications, { url }));
}

/** A review changes the applications (and an approval the organisations): both lists are refreshed. */
function useReviewMutation<Arg, Result>(key: string, run: (arg: Arg) => Promise<Result>) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(key, (_key: string, { arg }: { arg: Arg }) => run(arg), {
    onSuccess: () => {
      void mutate(APPLICATIONS_KEY);
      void mutate(ORGANIZATIONS_KEY);
    },
  });
}

/** POST /api/applications/:id/approve */
export function useApproveApplication() {
  return useReviewMutation<{ id: string; body: ApproveRequest }, Approval>(
    'POST /api/applications/:id/approve',
    ({ id, body }) => callEndpoint(E.approveApplication, { params: { id }, body }),
  );
}

/** POST /api/applications/:id/reject */
export function useRejectApplication() {
  return useReviewMutation<{ id: string; body: RejectRequest }, Application>(
    'POST /api/applications/:id/reject',
    ({ id, body }) => callEndpoint(E.rejectApplication, { params: { id }, body }),
  );
}

/** POST /api/applications/:id/request-contract (pending → need_contract). */
export function useRequestContract() {
  return useReviewMutation<{ id: string }, Application>(
    'POST /api/applications/:id/request-contract',
    ({ id }) => callEndpoint(E.requestContract, { params: { id }, body: {} }),
  );
}
