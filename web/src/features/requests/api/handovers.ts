import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { REQUEST_ENDPOINTS, type Handover } from '@tapinti/contracts/requests-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { isRequestKey } from './requests';

const E = REQUEST_ENDPOINTS;

/** GET /api/requests/handovers: mine as owner (with my code), as finder, and locked ones for super admins. */
export const HANDOVERS_KEY = E.handovers.path;
export function useHandovers(enabled = true) {
  return useSWR<Handover[]>(enabled ? HANDOVERS_KEY : null, (url: string) =>
    callEndpoint(E.handovers, { url }),
  );
}

/** The hand-over of one request; only a resolved_claimed one has one (`claimed`). */
export function useHandoverOf(requestId: string, claimed: boolean): Handover | undefined {
  return useHandovers(claimed).data?.find((h) => h.requestId === requestId);
}

/** POST /api/requests/:id/handover `{ code }`: the finder side confirms with the owner's code. */
export function useConfirmHandover() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'POST /api/requests/:id/handover',
    (_key: string, { arg }: { arg: { requestId: string; code: string } }): Promise<Handover> =>
      callEndpoint(E.confirmHandover, { params: { id: arg.requestId }, body: { code: arg.code } }),
    // A wrong code changes the tries left: refresh after any answer.
    { onSuccess: () => void mutate(isRequestKey), onError: () => void mutate(isRequestKey) },
  );
}

/** POST /api/requests/:id/handover/unlock: a super admin issues the owner a new code. */
export function useUnlockHandover() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'POST /api/requests/:id/handover/unlock',
    (_key: string, { arg }: { arg: { requestId: string } }): Promise<Handover> =>
      callEndpoint(E.unlockHandover, { params: { id: arg.requestId } }),
    { onSuccess: () => void mutate(isRequestKey) },
  );
}
