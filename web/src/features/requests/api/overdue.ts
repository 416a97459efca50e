import useSWR from 'swr';
import { CLAIM_DEADLINE_ENDPOINTS, type OverdueClaim } from '@tapinti/contracts/venues-api';
import { callEndpoint } from '../../../lib/api-endpoint';

/** GET /api/requests/overdue (super admin): claims past their answer deadline, still unanswered. */
export function useOverdueClaims() {
  return useSWR<OverdueClaim[]>(CLAIM_DEADLINE_ENDPOINTS.listOverdueClaims.path, () =>
    callEndpoint(CLAIM_DEADLINE_ENDPOINTS.listOverdueClaims),
  );
}
